// job_alerts_actor.h: the job alerts domain as the candidate manages it: create (double opt-in
// mail), update, delete, confirm, pause, unpause, list, one-click unsubscribe. Writes
// `job_alerts`; the alerts worker (workers/alerts/) matches the confirmed ones and mails the
// digests. docs/candidate-actions.md, "Job alerts", describes the rules.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "reactor/app_error.h"
#include "reactor/auth.h"
#include "reactor/task.h"

namespace jh {

struct loop_context;

namespace actions {

inline constexpr const char* alert_consent_version = "job-alert-2026-11";

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

}  // namespace actions

class job_alerts_actor {
public:
    explicit job_alerts_actor(loop_context& loop);

    task<result<actions::alert_view>> create_alert(const auth::identity& who, actions::alert_input in, std::string client_ip);
    task<result<actions::alert_view>> update_alert(const auth::identity& who, std::int64_t id, actions::alert_input in);
    task<result<void>> delete_alert(const auth::identity& who, std::int64_t id);
    task<result<actions::alert_view>> confirm_alert(std::optional<auth::identity> who, std::int64_t id, std::string token,
                                                    std::string client_ip);
    task<result<actions::alert_view>> pause_alert(const auth::identity& who, std::int64_t id, bool paused);
    task<result<std::vector<actions::alert_view>>> alerts_of(const auth::identity& who, std::int64_t account_id);
    task<result<void>> unsubscribe_alert(std::string token);

private:
    loop_context& loop_;
};

}  // namespace jh
