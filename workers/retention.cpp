// retention.cpp: see retention.h.
#include "workers/retention.h"

#include "messages/mail.h"
#include "messages/queue.h"

namespace jh::workers {

namespace {
// Through the created_at index (migrations/0003), a slice at a time.
constexpr const char* purge_tracking_sql =
    "DELETE FROM tracking_events WHERE id IN ("
    "  SELECT id FROM tracking_events WHERE created_at < now() - $1::bigint * interval '1 day' LIMIT 10000)";
}  // namespace

std::expected<std::int64_t, std::string> purge_tracking_events(db& d, int days) {
    return d.exec_affected(purge_tracking_sql, days);
}

std::expected<std::int64_t, std::string> purge_webhook_deliveries(db& d, int days) {
    static constexpr const char* purge_deliveries_sql =
        "WITH gone AS (SELECT id FROM organization_webhook_deliveries WHERE created_at < now() - make_interval(days => $1::int) "
        "               ORDER BY created_at LIMIT 10000) "
        "DELETE FROM organization_webhook_deliveries d USING gone WHERE d.id = gone.id";
    static constexpr const char* purge_endpoints_sql =
        "DELETE FROM organization_webhooks w WHERE w.removed_at < now() - make_interval(days => $1::int) "
        "   AND NOT EXISTS (SELECT 1 FROM organization_webhook_deliveries d WHERE d.webhook_id = w.id)";
    auto n = d.exec_affected(purge_deliveries_sql, days);
    if (n && *n == 0)
        if (auto e = d.exec_affected(purge_endpoints_sql, days); !e) return std::unexpected(e.error());
    return n;
}

std::expected<std::int64_t, std::string> refresh_response_times(db& d) {
    return d.exec_count("SELECT jh_refresh_response_times()");
}

std::expected<std::int64_t, std::string> settle_time_records(db& d, const std::string& origin) {
    pg::params p;
    p.add(origin).add(messages::queue::mail).add(messages::mail_template_name(messages::mail_template::time_records_auto_approved));
    return d.exec_count("SELECT jh_time_records_housekeeping($1, $2, $3)", p);
}

std::expected<std::int64_t, std::string> answer_expired_jobs(db& d) {
    return d.exec_count("SELECT jh_answer_expired_jobs(500)");
}

std::expected<std::int64_t, std::string> anonymize_ended_applications(db& d) {
    pg::params p;
    p.add(anonymize_batch);
    return d.exec_count("SELECT jh_anonymize_ended_applications($1::integer)", p);
}

std::expected<std::int64_t, std::string> pass_shift_offers(db& d, const std::string& origin) {
    pg::params p;
    p.add(origin).add(messages::queue::mail).add(messages::mail_template_name(messages::mail_template::shift_offer));
    return d.exec_count("SELECT jh_shift_refill_pass($1, $2, $3)", p);
}

std::expected<std::int64_t, std::string> queue_monthly_reports(db& d, const std::string& origin) {
    pg::params p;
    p.add(origin).add(messages::mail_template_name(messages::mail_template::monthly_report)).add(monthly_report_batch);
    return d.exec_count("SELECT jh_monthly_report_mails(now(), $1, $2, $3::integer)", p);
}

std::expected<std::int64_t, std::string> sweep_kept_sedcards(db& d) {
    pg::params p;
    p.add(static_cast<std::int64_t>(kept_sedcard_days)).add(kept_sedcard_batch);
    return d.exec_count("SELECT jh_sweep_kept_sedcards($1::integer, $2::integer)", p);
}

}  // namespace jh::workers
