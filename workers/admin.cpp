// admin.cpp: see admin.h.
#include "workers/admin.h"

#include <charconv>
#include <string>
#include <string_view>
#include <optional>
#include <cstdio>

#include "reactor/config.h"
#include "workers/db.h"

namespace jh::workers {

namespace {

constexpr const char* dead_sql =
    "SELECT id, kind, attempts, to_char(finished_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS\"Z\"'),"
    "  idempotency_key, coalesce(last_error, '') "
    "FROM queue_jobs WHERE status = 'dead' ORDER BY finished_at DESC, id DESC LIMIT $1";

constexpr const char* admin_retry_sql =
    "UPDATE queue_jobs SET status = 'pending', attempts = 0, run_at = now(), finished_at = NULL "
    "WHERE id = $1 AND status = 'dead'";

constexpr const char* stats_sql =
    "SELECT kind, status, count(*) FROM queue_jobs GROUP BY kind, status ORDER BY kind, status";

void print_usage() {
    std::fputs(
        "Usage: jobhafen admin jobs --dead [--limit N]   list dead jobs with their last error\n"
        "       jobhafen admin jobs --retry ID           put a dead job back into the queue\n"
        "       jobhafen admin jobs --stats              count jobs per kind and status\n"
        "       jobhafen admin jobs review list          job postings waiting for review (AGG wording check)\n"
        "       jobhafen admin jobs review release ID    release one: it goes live\n"
        "       jobhafen admin jobs review reject ID REASON...   reject one; its provider gets REASON by mail\n",
        stderr);
}

std::optional<std::int64_t> parse_number(const std::string& s) {
    std::int64_t v = 0;
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc{} || p != s.data() + s.size() || v < 0) return std::nullopt;
    return v;
}

// The subcommands' names, which start every line they print on stderr.
constexpr const char* jobs_command = "jobhafen admin jobs";
constexpr const char* organizations_command = "jobhafen admin organizations";

// False, after saying on stderr why, when PostgreSQL cannot be reached.
bool connected_or_say(db& d, const char* command) {
    if (auto c = d.ensure_connected(); !c) {
        std::fprintf(stderr, "%s: %s\n", command, c.error().c_str());
        return false;
    }
    return true;
}

// False, after saying so, when a statement meant for the `what` with `id` changed no row.
bool changed_one(const pg::result_set& r, const char* command, const char* what, std::int64_t id) {
    if (r.affected() > 0) return true;
    std::fprintf(stderr, "%s: no %s with id %lld\n", command, what, static_cast<long long>(id));
    return false;
}

// Runs a listing's statement and prints `header`, then every row, tab-separated: a tab or newline
// inside a value (an error text, a name) becomes a space, so it cannot break the columns. Then, on
// stderr, how many rows there were ("3 dead job(s)") unless `counted` is null.
int print_listing(db& d, const char* command, const char* sql, const pg::params& p, const char* header,
                  const char* counted) {
    auto r = or_say(d.exec(sql, p), command);
    if (!r) return 1;
    std::printf("%s\n", header);
    for (int i = 0; i < r->rows(); ++i) {
        std::string line;
        for (int col = 0; col < r->columns(); ++col) {
            if (col > 0) line += '\t';
            for (char c : r->text(i, col)) line += (c == '\n' || c == '\t') ? ' ' : c;
        }
        std::printf("%s\n", line.c_str());
    }
    if (counted) std::fprintf(stderr, "%d %s\n", r->rows(), counted);
    return 0;
}

// One line per dead job, tab-separated: id, kind, attempts, died at, key, last error.
int list_dead(db& d, std::int64_t limit) {
    return print_listing(d, jobs_command, dead_sql, pg::params().add(limit),
                         "id\tkind\tattempts\tdied_at\tidempotency_key\tlast_error", "dead job(s)");
}

int retry_dead(db& d, std::int64_t id) {
    pg::params p;
    p.add(id);
    auto r = or_say(d.exec(admin_retry_sql, p), jobs_command);
    if (!r || !changed_one(*r, jobs_command, "dead job", id)) return 1;
    // The workers poll, so the job runs within queue.poll_interval_ms without a wake-up.
    std::printf("job %lld is pending again\n", static_cast<long long>(id));
    return 0;
}

int print_stats(db& d) { return print_listing(d, jobs_command, stats_sql, {}, "kind\tstatus\tjobs", nullptr); }

// ---- organizations: the review of provider registrations ----------------------------------------------

constexpr const char* organizations_list_sql =
    "SELECT o.id, o.name, to_char(o.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI\"Z\"'), "
    "       CASE WHEN o.rejected_at IS NOT NULL THEN 'rejected' WHEN o.approved_at IS NOT NULL THEN 'approved' ELSE 'pending' END, "
    "       (SELECT count(*) FROM accounts a WHERE a.organization_id = o.id AND a.role = 'organization_member'), "
    "       (SELECT count(*) FROM accounts a WHERE a.organization_id = o.id AND a.role = 'organization_member' "
    "           AND a.email_verified_at IS NOT NULL), "
    "       CASE WHEN o.candidate_search THEN 'on' ELSE 'off' END, o.active_ad_quota, jh_active_ads(o.id) "
    "  FROM organizations o WHERE o.review_pending OR $1 "
    " ORDER BY o.created_at DESC, o.id DESC LIMIT 500";

// Approving activates the organization (its members act for it once their address is confirmed)
// and mails its owners the first time; rejecting keeps the rows (the registration is a record) but
// nothing of it is shown or allowed. The web's review runs the same function
// (migrations/repeatable/R__jh_organization_review.sql); a row comes back when it changed one.
constexpr const char* organization_approve_sql = "SELECT 1 FROM jh_organization_review($1, true, $2) AS changed WHERE changed";
constexpr const char* organization_reject_sql = "SELECT 1 FROM jh_organization_review($1, false, $2) AS changed WHERE changed";
// Blocking switches an approved organization off (abuse, unpaid bills) without undoing its review.
constexpr const char* organization_block_sql = "UPDATE organizations SET active = false WHERE id = $1";
// Only an approved organization is unblocked; a rejected one needs an approval.
constexpr const char* organization_unblock_sql =
    "UPDATE organizations SET active = true WHERE id = $1 AND approved_at IS NOT NULL AND rejected_at IS NULL";
// The jobs an organization's going offline took offline (migrations/0172_organization_holds_jobs.sql).
constexpr const char* organization_held_jobs_sql = "SELECT count(*) FROM job_postings WHERE organization_id = $1 AND held_at IS NOT NULL";
// The held jobs of an organization that is live again: those its ad quota left out
// (migrations/repeatable/R__jh_organization_liveness_changed.sql).
constexpr const char* organization_still_held_sql =
    "SELECT j.id, j.title, o.active_ad_quota FROM job_postings j JOIN organizations o ON o.id = j.organization_id "
    " WHERE j.organization_id = $1 AND j.held_at IS NOT NULL AND jh_organization_live(o.id) ORDER BY j.id";
constexpr const char* organization_candidate_search_sql = "UPDATE organizations SET candidate_search = $2 WHERE id = $1";
// The number of jobs the organization may have published at once (docs/providers.md).
constexpr const char* organization_quota_sql = "UPDATE organizations SET active_ad_quota = $2 WHERE id = $1";
// A paid flag of one job; the column is one of five fixed names, never the operator's text.
constexpr const char* job_flag_sql[] = {
    "UPDATE job_postings SET top_job = $2 WHERE id = $1", "UPDATE job_postings SET instant_teaser_job = $2 WHERE id = $1",
    "UPDATE job_postings SET top_offer = $2 WHERE id = $1", "UPDATE job_postings SET sponsored = $2 WHERE id = $1",
    "UPDATE job_postings SET opportunity = $2 WHERE id = $1"};
constexpr std::string_view job_flags[] = {"top_job", "instant_teaser_job", "top_offer", "sponsored", "opportunity"};

void print_organizations_usage() {
    std::fputs(
        "Usage: jobhafen admin organizations list [--all]          organizations waiting for review (--all: every one)\n"
        "       jobhafen admin organizations approve ID              approve a registration: the organization goes live\n"
        "       jobhafen admin organizations reject ID               reject a registration (its published jobs go offline)\n"
        "       jobhafen admin organizations block|unblock ID        switch an approved organization off or on again\n"
        "       jobhafen admin organizations candidate-search ID on|off   book or end the candidate search\n"
        "       jobhafen admin organizations quota ID N              how many jobs it may have published at once\n"
        "       jobhafen admin organizations job-flag JOB_ID top_job|instant_teaser_job|top_offer|sponsored|opportunity on|off\n"
        "                                                            book or end a paid flag of one job\n",
        stderr);
}

int list_organizations(db& d, bool all) {
    return print_listing(d, organizations_command, organizations_list_sql, pg::params().add(all),
                         "id\tname\tregistered\treview\tmembers\tconfirmed_members\tcandidate_search\tad_quota\tactive_ads",
                         "organization(s)");
}

// After an approval or unblock: the held jobs that did not fit into the ad quota, one a line.
int print_still_held(db& d, const pg::params& p) {
    auto held = or_say(d.exec(organization_still_held_sql, p), organizations_command);
    if (!held) return 1;
    if (held->rows() == 0) return 0;
    std::printf("%lld job(s) stay held, over the ad quota of %lld (the provider publishes them when a place is free):\n",
                static_cast<long long>(held->rows()), static_cast<long long>(held->int64(0, 2)));
    for (int i = 0; i < held->rows(); ++i)
        std::printf("  %lld\t%s\n", static_cast<long long>(held->int64(i, 0)), std::string(held->text(i, 1)).c_str());
    return 0;
}

// approve, reject, block, unblock: the change, and what it did to the organization's published jobs
// (the trigger of 0172 holds them while the organization is not live and publishes them again).
// `origin`: the public origin for a review's mail (approve, reject), which takes it as $2.
int change_organization_state(db& d, const char* sql, std::int64_t id, const char* done, const char* what = "organization",
                              const std::string* origin = nullptr) {
    pg::params p;
    p.add(id);
    pg::params change = p;
    if (origin) change.add(*origin);
    auto before = d.exec(organization_held_jobs_sql, p);
    auto r = before ? d.exec(sql, change) : before;
    auto after = r ? d.exec(organization_held_jobs_sql, p) : r;
    if (!after) {
        std::fprintf(stderr, "%s: %s\n", organizations_command, after.error().c_str());
        return 1;
    }
    if (!changed_one(*r, organizations_command, what, id)) return 1;
    long long held_before = before->int64(0, 0), held_after = after->int64(0, 0);
    std::printf("organization %lld %s\n", static_cast<long long>(id), done);
    if (held_after > held_before)
        std::printf("%lld published job(s) taken offline; they go online again when the organization is approved (or unblocked)\n",
                    held_after - held_before);
    else if (held_before > held_after)
        std::printf("%lld job(s) online again\n", held_before - held_after);
    return print_still_held(d, p);
}

int change_organization(db& d, const char* sql, std::int64_t id, std::optional<bool> flag, const char* done,
                        std::optional<std::int64_t> number = std::nullopt, const char* what = "organization") {
    pg::params p;
    p.add(id);
    if (flag) p.add(*flag);
    if (number) p.add(*number);
    auto r = or_say(d.exec(sql, p), organizations_command);
    if (!r || !changed_one(*r, organizations_command, what, id)) return 1;
    std::printf("%s %lld %s\n", what, static_cast<long long>(id), done);
    return 0;
}

// ---- job postings: the review of texts the AGG wording check flagged --------------------------------
// The same SQL as the web's review (actors/jobs/job_review.cpp, migrations/repeatable/R__jh_job_review.sql).

constexpr const char* review_command = "jobhafen admin jobs review";

constexpr const char* review_list_sql =
    "SELECT j.id, o.name, j.title, to_char(j.review_since AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI\"Z\"'), "
    "       (SELECT string_agg((f ->> 'category') || ': ' || (f ->> 'words') || ' (' || (f ->> 'field') || ')', '; ') "
    "          FROM jsonb_array_elements(j.review_findings) f) "
    "  FROM job_postings j JOIN organizations o ON o.id = j.organization_id "
    " WHERE j.review_since IS NOT NULL AND j.active ORDER BY j.review_since, j.id LIMIT 500";

// Why nothing changed: no such job posting, or it is not waiting for review.
int say_not_waiting(db& d, std::int64_t id) {
    pg::params p;
    p.add(id);
    auto r = or_say(d.exec("SELECT EXISTS (SELECT 1 FROM job_postings WHERE id = $1)", p), review_command);
    if (!r) return 1;
    std::fprintf(stderr, "%s: job posting %lld %s\n", review_command, static_cast<long long>(id),
                 r->boolean(0, 0) ? "is not waiting for review" : "does not exist");
    return 1;
}

int job_review_command(const config& cfg, const std::vector<std::string>& args) {
    bool list = args.size() == 1 && args[0] == "list";
    std::optional<std::int64_t> id;
    if (args.size() >= 2) id = parse_number(args[1]);
    bool release = args.size() == 2 && args[0] == "release" && id;
    bool reject = args.size() >= 3 && args[0] == "reject" && id;
    std::string reason;
    for (std::size_t i = 2; reject && i < args.size(); ++i) reason += (i > 2 ? " " : "") + args[i];
    if (reject && (reason.find_first_not_of(" \t\r\n") == std::string::npos || reason.size() > 8000)) reject = false;
    if (!list && !release && !reject) return print_usage(), 2;
    db d(cfg.database_url);
    if (!connected_or_say(d, review_command)) return 1;
    if (list)
        return print_listing(d, review_command, review_list_sql, {}, "id\torganization\ttitle\twaiting_since\tfindings",
                             "job posting(s) waiting for review");
    pg::params p;
    p.add(*id);
    if (reject) p.add(reason);
    auto r = or_say(d.exec(release ? "SELECT jh_job_review_release($1)" : "SELECT jh_job_review_reject($1, $2)", p), review_command);
    if (!r) return 1;
    if (!r->boolean(0, 0)) return say_not_waiting(d, *id);
    // The mail workers poll, so the rejection mail goes out within queue.poll_interval_ms.
    std::printf(release ? "job posting %lld released: it is live\n" : "job posting %lld rejected: its provider gets the reason by mail\n",
                static_cast<long long>(*id));
    return 0;
}

}  // namespace

int admin_organizations_command(const config& cfg, const std::vector<std::string>& args) {
    if (args.empty()) return print_organizations_usage(), 2;
    const std::string& verb = args[0];
    std::optional<std::int64_t> id;
    if (args.size() >= 2) id = parse_number(args[1]);
    bool list = verb == "list" && (args.size() == 1 || (args.size() == 2 && args[1] == "--all"));
    bool review = (verb == "approve" || verb == "reject" || verb == "block" || verb == "unblock") && args.size() == 2 && id;
    bool product = verb == "candidate-search" && args.size() == 3 && id && (args[2] == "on" || args[2] == "off");
    std::int64_t quota = -1;   // -1: not a valid quota command
    if (verb == "quota" && args.size() == 3 && id)
        if (auto n = parse_number(args[2]); n && *n <= 100000) quota = *n;
    int flag = -1;
    if (verb == "job-flag" && args.size() == 4 && id && (args[3] == "on" || args[3] == "off"))
        for (int i = 0; i < 5; ++i)
            if (args[2] == job_flags[i]) flag = i;
    if (!list && !review && !product && quota < 0 && flag < 0) return print_organizations_usage(), 2;
    db d(cfg.database_url);
    if (!connected_or_say(d, organizations_command)) return 1;
    if (list) return list_organizations(d, args.size() == 2);
    if (verb == "approve")
        return change_organization_state(d, organization_approve_sql, *id, "approved", "organization", &cfg.http_public_origin);
    if (verb == "reject")
        return change_organization_state(d, organization_reject_sql, *id, "rejected", "organization", &cfg.http_public_origin);
    if (verb == "block") {
        int rc = change_organization_state(d, organization_block_sql, *id, "blocked");
        // The trigger marked them (accounts.end_sessions); the server ends the sessions (Redis).
        if (rc == 0) std::printf("its members' sessions end at their next request; they may act again after unblock\n");
        return rc;
    }
    if (verb == "unblock") return change_organization_state(d, organization_unblock_sql, *id, "unblocked", "approved organization");
    if (quota >= 0) {
        std::string done = "may publish " + std::to_string(quota) + " job(s) at once";
        return change_organization(d, organization_quota_sql, *id, std::nullopt, done.c_str(), quota);
    }
    if (flag >= 0) {
        bool on = args[3] == "on";
        return change_organization(d, job_flag_sql[flag], *id, on, (args[2] + (on ? " on" : " off")).c_str(), std::nullopt, "job");
    }
    bool on = args[2] == "on";
    return change_organization(d, organization_candidate_search_sql, *id, on, on ? "has candidate search" : "has no candidate search");
}

int admin_jobs_command(const config& cfg, const std::vector<std::string>& args) {
    if (!args.empty() && args[0] == "review") return job_review_command(cfg, std::vector<std::string>(args.begin() + 1, args.end()));
    std::optional<std::string> mode;
    std::int64_t limit = 100, id = -1;
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "--dead" || args[i] == "--stats") {
            mode = args[i];
        } else if (args[i] == "--retry" && i + 1 < args.size()) {
            mode = args[i];
            auto n = parse_number(args[++i]);
            if (!n) return print_usage(), 2;
            id = *n;
        } else if (args[i] == "--limit" && i + 1 < args.size()) {
            auto n = parse_number(args[++i]);
            if (!n) return print_usage(), 2;
            limit = *n;
        } else {
            print_usage();
            return 2;
        }
    }
    if (!mode) {
        print_usage();
        return 2;
    }
    db d(cfg.database_url);
    if (!connected_or_say(d, jobs_command)) return 1;
    if (*mode == "--dead") return list_dead(d, limit);
    if (*mode == "--retry") return retry_dead(d, id);
    return print_stats(d);
}

}  // namespace jh::workers
