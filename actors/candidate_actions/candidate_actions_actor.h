// candidate_actions_actor.h: what candidates (and visitors) do with jobs and organizations:
// applying (also together with registering), favourites, job alerts, star ratings, contact
// requests and marketing forms, provider registration, invoices and the billing-provider account,
// and the dashboard counters. docs/candidate-actions.md describes the routes and rules.
//
// The actor never sees HTTP (candidate_actions_routes.cpp reads requests into the structs below).
// Every change is one transaction; its mails are queued in that transaction
// (reactor/job_queue.h). The application limit is a sliding window in Redis, checked and recorded
// by one Lua script. Registration is the accounts actor's (called, never duplicated).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "actors/accounts/accounts_actor.h"
#include "reactor/app_error.h"
#include "reactor/auth.h"
#include "reactor/task.h"
#include "reactor/thread_pool.h"

namespace jh {

struct loop_context;
class http_client;


namespace actions {

inline constexpr int apply_limit = 10;                 // applications ...
inline constexpr int apply_window_s = 30 * 60;         // ... in any 30 minutes
inline constexpr int rating_min_applications = 5;
inline constexpr const char* alert_consent_version = "job-alert-2026-11";
inline constexpr const char* newsletter_consent_version = "newsletter-2026-11";

struct application_request {
    std::int64_t job_id = 0;
    std::string notes;
    std::vector<std::int64_t> locations;     // ids of the job's locations
    bool bad_locations = false;              // a value that is no location id at all
    // Register-and-apply only: the languages the new candidate speaks, {language code, level}.
    std::vector<std::pair<std::string, std::string>> languages;
};

struct application_view {
    std::int64_t id = 0;
    std::int64_t job_id = 0;
    std::string job_slug, job_title, organization_name;
    std::int64_t organization_id = 0;
    std::string notes, status, created_at, updated_at;
    std::string locations_json = "[]";
    bool forwarded = false;
};

template <typename T>
struct page_of {
    std::int64_t total = 0;
    int page = 1, items_per_page = 20;
    std::vector<T> items;
};

struct favorite_view {
    std::int64_t job_id = 0;
    std::string job_slug, job_title, organization_name, created_at;
    std::int64_t organization_id = 0;
    bool automatic = false, job_live = false;
};

struct alert_input {
    std::optional<std::string> title;
    std::optional<std::string> interval;
    std::optional<std::string> search_query;   // the job search's query string
};

struct alert_view {
    std::int64_t id = 0;
    std::int64_t account_id = 0;
    std::string title, interval, search_query, created_at;
    bool confirmed = false, paused = false;
    std::optional<std::string> confirmed_at, last_sent_at, next_run_at;
};

struct rating_view {
    std::int64_t id = 0, organization_id = 0, account_id = 0;
    int stars = 0;
    std::string comment, created_at, organization_name, author;
};

struct invoice_view {
    std::int64_t id = 0;
    std::string number, date, recipient, last_edited, currency;
    std::int64_t total_cents = 0;
    std::optional<std::string> sent, paid, followed_up;
};

struct counters {
    std::int64_t applications = 0, favorites = 0, num_logins = 0;
    std::int64_t coins_total = 0, coins_current_month = 0, coins_last_month = 0;
    std::string created;
    std::optional<std::string> last_data_update, last_image_update, last_login;
};

// A contact request or marketing form: the fields as read, by name.
struct contact_input {
    std::string kind;                          // organization_user, organization_visitor, project, general, form_*
    std::optional<std::int64_t> organization_id;
    std::vector<std::pair<std::string, std::string>> fields;
    std::string client_ip;
};

struct provider_registration {
    std::string email, password, password_confirmation, first_name, last_name, phone;
    std::string company, street, zipcode, city, website;
    std::string query_json = "{}";
    std::string client_ip;   // for the per-client limit, never stored
    std::optional<std::string> job_title, job_description, job_city;
};

struct invoice_pdf {
    std::string file_name;
    std::string bytes;
};

}  // namespace actions

class candidate_actions_actor {
public:
    // accounts: registration (with an application) and the mail limits of contact forms.
    candidate_actions_actor(loop_context& loop, accounts::accounts_actor& accounts);
    ~candidate_actions_actor();

    // ---- applications
    task<result<actions::application_view>> apply(const auth::identity& who, actions::application_request r);
    // Registers (accounts actor) and stores the application in the same transaction; the provider
    // gets it when the address is confirmed. Returns the new account's session.
    // Answers the same for a known address (accounts_actor::register_candidate): no application is
    // stored for an account that already exists.
    task<result<void>> register_and_apply(accounts::registration reg, actions::application_request r);
    task<result<actions::page_of<actions::application_view>>> my_applications(const auth::identity& who, int page, int per_page);
    // Administrators, or a member of the job's organization.
    task<result<actions::application_view>> set_application_status(const auth::identity& who, std::int64_t id, std::string status);

    // ---- favourites (idempotent)
    task<result<bool>> favor(const auth::identity& who, std::int64_t job_id, bool automatic);
    task<result<void>> unfavor(const auth::identity& who, std::int64_t job_id);
    task<result<actions::page_of<actions::favorite_view>>> my_favorites(const auth::identity& who, int page, int per_page);

    // ---- job alerts
    task<result<actions::alert_view>> create_alert(const auth::identity& who, actions::alert_input in, std::string client_ip);
    task<result<actions::alert_view>> update_alert(const auth::identity& who, std::int64_t id, actions::alert_input in);
    task<result<void>> delete_alert(const auth::identity& who, std::int64_t id);
    task<result<actions::alert_view>> confirm_alert(std::optional<auth::identity> who, std::int64_t id, std::string token,
                                                    std::string client_ip);
    task<result<actions::alert_view>> pause_alert(const auth::identity& who, std::int64_t id, bool paused);
    task<result<std::vector<actions::alert_view>>> alerts_of(const auth::identity& who, std::int64_t account_id);
    task<result<void>> unsubscribe_alert(std::string token);

    // ---- ratings
    task<result<actions::rating_view>> rate(const auth::identity& who, std::int64_t organization_id, int stars, std::string comment);
    task<result<void>> delete_rating(const auth::identity& who, std::int64_t id);
    task<result<actions::page_of<actions::rating_view>>> ratings_of_organization(std::int64_t organization_id, int page, int per_page);
    task<result<std::vector<actions::rating_view>>> ratings_of_account(const auth::identity& who, std::int64_t account_id);

    // ---- contact and forms
    task<result<void>> contact(std::optional<auth::identity> who, actions::contact_input in);
    task<result<void>> confirm_newsletter(std::string token, std::string client_ip);

    // ---- provider registration
    // The same answer for a known address: its owner is told by mail instead.
    task<result<void>> register_provider(actions::provider_registration r);

    // ---- billing
    task<result<std::vector<actions::invoice_view>>> invoices(const auth::identity& who);
    task<result<actions::invoice_pdf>> invoice_pdf(const auth::identity& who, std::int64_t id);
    task<result<std::string>> create_billing_account(const auth::identity& who, std::int64_t account_id);   // external id
    task<result<std::string>> billing_login(const auth::identity& who, std::int64_t account_id);            // login URL

    // ---- dashboard
    task<result<actions::counters>> dashboard(const auth::identity& who, std::int64_t account_id);

private:
    task<result<std::string>> known_languages(const std::vector<std::pair<std::string, std::string>>& languages);
    loop_context& loop_;
    accounts::accounts_actor& accounts_;
    thread_pool hash_pool_;   // argon2 for the provider registration
    std::unique_ptr<http_client> http_;
};

}  // namespace jh
