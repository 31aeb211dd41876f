// retention.h: the workers' hourly housekeeping (never a request path): purges of personal data
// (tracking events older than tracking.retention_days) and the organizations' response times. Queue rows are purged by
// job_store (done and dead).
#pragma once

#include <cstdint>
#include <expected>
#include <string>

#include "workers/db.h"

namespace jh::workers {

// Deletes up to 10,000 tracking events older than `days`; returns how many.
std::expected<std::int64_t, std::string> purge_tracking_events(db& d, int days);

// Deletes up to 10,000 provider webhook deliveries older than `days` (and endpoints removed that
// long ago, with theirs); returns how many deliveries (migrations/0387).
std::expected<std::int64_t, std::string> purge_webhook_deliveries(db& d, int days);

// Recomputes every organization's response time (migrations/0120): the 90-day window moves and
// unanswered applications grow older without any write. Returns how many organizations.
std::expected<std::int64_t, std::string> refresh_response_times(db& d);

// Time recording (issue 43, docs/shifts.md "Time recording"): approves the entries still open
// seven days after their shift (the provider is mailed), and deletes records of shifts more than
// two years ago (§ 17 MiLoG). `origin`: the public origin for the mail's link. Returns how many
// were approved. The mail worker's hourly pass.
std::expected<std::int64_t, std::string> settle_time_records(db& d, const std::string& origin);
// Answers the open applications of jobs whose end date has passed (issue 42, docs/fair-play.md):
// each is declined with one rejection mail, in one transaction per call. At most 500 jobs per
// call; returns how many applications were answered.
std::expected<std::int64_t, std::string> answer_expired_jobs(db& d);

// The retention autopilot (issue 42 item 4, docs/fair-play.md): up to 500 applications whose
// organization's retention period ran out since they ended lose the provider's side, in one
// transaction (jh_anonymize_ended_applications; two workers take disjoint rows). Returns how many.
std::expected<std::int64_t, std::string> anonymize_ended_applications(db& d);
inline constexpr std::int64_t anonymize_batch = 500;

// The waitlist's refill (issue 43, item 6, docs/shifts.md "Waitlist and refill"): offers whose
// window has passed expire and the place is offered to the next person (mail shift_offer). The
// mail worker's pass every queue.shift_offer_pass_ms. Returns how many offers were made.
std::expected<std::int64_t, std::string> pass_shift_offers(db& d, const std::string& origin);

// The monthly report (issue 44 item 8, docs/reach.md "Monatsbericht"): in the first week of a month,
// the previous month's report mail to the owners of each live organization that had a job in it,
// once per organization and month (jh_monthly_report_mails, migrations/0386), up to
// monthly_report_batch organizations per call. `origin`: the public origin for the portal link.
// Returns how many organizations were mailed. The mail worker's hourly pass.
std::expected<std::int64_t, std::string> queue_monthly_reports(db& d, const std::string& origin);
inline constexpr std::int64_t monthly_report_batch = 200;

// Kept sedcard PDFs rendered more than kept_sedcard_days ago (docs/sedcard.md "Kept PDFs"): up to
// kept_sedcard_batch rows go and their files' removal is queued for the media worker, in one
// transaction (jh_sweep_kept_sedcards). Returns how many. The media worker's hourly pass.
std::expected<std::int64_t, std::string> sweep_kept_sedcards(db& d);
inline constexpr int kept_sedcard_days = 30;
inline constexpr std::int64_t kept_sedcard_batch = 1000;

}  // namespace jh::workers
