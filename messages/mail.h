// mail.h: the mail job, what an actor enqueues on the `mail` queue and the mail worker turns into
// a German mail (workers/mail/mail_handler.h).
//
// Its JSON, written here and read here:
//   {"template": "verify_email",            // workers/mail/templates/verify_email.{txt,html}
//    "to": "jana@example.de",              // one address
//    "to_name": "Jana Müller",             // optional display name
//    "data": {"first_name": "Jana", "link": "https://..."},   // placeholder values
//    "list_unsubscribe": "https://..."}    // optional: one-click unsubscribe URL (RFC 8058)
// The template is a mail_template, never a bare string: every value has its two files in
// workers/mail/templates/ (tests/unit/messages_test.cpp checks it). The alerts worker writes the
// same JSON in SQL (workers/alerts/alerts_worker.cpp) and takes kind and template name from here.
#pragma once

#include <expected>
#include <initializer_list>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace jh::messages {

enum class mail_template {
    verify_email,
    password_reset,
    set_password,
    change_email,
    email_change_notice,
    registration_attempt,
    registration_attempt_provider,
    application_provider,
    application_candidate,
    job_alert_confirm,
    job_alert_digest,
    contact_request,
    newsletter_confirm,
    provider_welcome,
    application_status,
    candidate_contact,
    organization_invitation,
    password_reset_provider,
    shift_decision,
    shift_cancelled,
    application_reply,
    shift_reminder,
    shift_withdrawn,
    time_record_corrected,
    time_records_auto_approved,
    application_closed,   // written by SQL: migrations/repeatable/R__jh_answer_open_applications.sql
    job_review_rejected,  // written by SQL: migrations/repeatable/R__jh_job_review.sql
    shift_offer,          // written by SQL: migrations/repeatable/R__jh_shift_refill.sql
    shift_refilled,
    organization_approved,   // written by SQL: migrations/repeatable/R__jh_organization_review.sql
    pool_invitation,
    monthly_report,          // written by SQL: migrations/repeatable/R__jh_monthly_report_mails.sql
};

// Every template, in declaration order.
std::span<const mail_template> all_mail_templates();
// The file stem in workers/mail/templates/ and the payload's "template" value.
std::string_view mail_template_name(mail_template t);
std::optional<mail_template> mail_template_from_name(std::string_view name);

// Placeholder values, in the order they were given; numbers arrive as their decimal text.
using mail_data = std::vector<std::pair<std::string, std::string>>;

struct mail_message {
    mail_template tpl = mail_template::verify_email;
    std::string to;
    std::string to_name;            // may be empty
    mail_data data;
    std::string list_unsubscribe;   // may be empty
};

std::string to_json(const mail_message& m);

// The shape only (an object, a known template, string members, string or number data values);
// whether the address and URL are fit for headers is the mail worker's check.
std::expected<mail_message, std::string> parse_mail_message(std::string_view json);

// A text a template puts inside German quotes („{{title}}“) with its own quotes made the inner
// ones: Jobs für „Barista“ becomes Jobs für ‚Barista‘, so the mail reads „Jobs für ‚Barista‘“
// (web: shared/lib/german-quote.ts).
std::string with_inner_quotes(std::string_view text);

// The payload of a mail job in one call, for the actors that enqueue one.
std::string mail_payload(mail_template t, std::string_view to, std::string_view to_name, const mail_data& data);
std::string mail_payload(mail_template t, std::string_view to, std::string_view to_name,
                         std::initializer_list<std::pair<std::string_view, std::string_view>> data);

}  // namespace jh::messages
