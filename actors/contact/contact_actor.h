// contact_actor.h: the contact domain: contact requests to an organization (by a logged-in
// candidate or a visitor), project and general requests to us, the marketing forms (newsletter
// with its double opt-in, price list, contact). Writes `contact_requests` and
// `newsletter_subscriptions`; each request's mail is queued in the same transaction. Spam limits
// per sender address and per organization here; per client address by the routes' rate class
// (contact_rate). docs/candidate-actions.md, "Contact requests and forms".
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "actors/accounts/accounts_actor.h"
#include "reactor/app_error.h"
#include "reactor/auth.h"
#include "reactor/route_policy.h"
#include "reactor/task.h"

namespace jh {

struct loop_context;

namespace actions {

inline constexpr const char* newsletter_consent_version = "newsletter-2026-11";

// A contact request or marketing form: the fields as read, by name.
struct contact_input {
    std::string kind;                          // organization_user, organization_visitor, project, general, form_*
    std::optional<std::int64_t> organization_id;
    std::vector<std::pair<std::string, std::string>> fields;
    std::string client_ip;
};

}  // namespace actions

// The contact requests and forms of one client address: four times contact.limit_per_hour an hour,
// counted by the pipeline for every request to a contact route (reactor/route_policy.h).
extern const rate_class contact_rate;

class contact_actor {
public:
    contact_actor(loop_context& loop, accounts_actor& accounts);

    task<result<void>> contact(std::optional<auth::identity> who, actions::contact_input in);
    task<result<void>> confirm_newsletter(std::string token, std::string client_ip);

private:
    // The steps of contact(), in order (contact_actor.cpp).
    using field_list = std::vector<std::pair<std::string, std::string>>;
    struct address {
        std::string email, name;
    };
    // The form's fields trimmed and checked, every bad one listed at once (422); the activities'
    // slugs replaced by their German names.
    task<result<field_list>> checked_fields(const actions::contact_input& in);
    // Who sends: the signed-in account for organization_user (its name and address are added to
    // `fields`), else the address typed.
    task<result<address>> sender(const std::optional<auth::identity>& who, const actions::contact_input& in, field_list& fields);
    // Who receives: the organization's contact, or our own inbox.
    task<result<address>> recipient(const actions::contact_input& in);
    // Against spam: the sender's address per hour, the organization's bound per day, and the
    // newsletter confirmation's mails per address (429 with the German reason).
    task<result<void>> within_limits(const actions::contact_input& in, const std::string& email);
    // Stores the request and queues its mail (the newsletter's confirmation, or the request to the
    // recipient) in one transaction.
    task<result<void>> store(const std::optional<auth::identity>& who, const actions::contact_input& in, const field_list& fields,
                             const address& from, const address& to);
    // The German names of comma-separated activity slugs, in order; none when one is unknown.
    task<result<std::optional<std::string>>> activity_names(std::string slugs);

    loop_context& loop_;
    accounts_actor& accounts_;   // the per-address mail limit of the newsletter confirmation
};

}  // namespace jh
