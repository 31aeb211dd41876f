// time_record_rules.h: the pure rules of time recording after a confirmed shift (issue 43, item
// 2; docs/shifts.md "Time recording"): reading the candidate's entry `{start, end, breakMinutes}`,
// the provider's decision `{status: approved|corrected|no_show, start?, end?, breakMinutes?}` and
// an objection `{text}`, and checking worked times once the database has turned them into
// instants. Messages address candidates with "du" and providers with "Sie". No I/O
// (tests/unit/time_record_rules_test.cpp).
#pragma once

#include <simdjson.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "reactor/app_error.h"

namespace jh::shifts {

// Who writes: the candidate ("du") or the provider ("Sie").
enum class writer { candidate, provider };

// A clock time as sent: "HH:MM" (Berlin wall time on the shift's own day: the start on the
// shift's date, the end on the day the planned shift ends) or "YYYY-MM-DDTHH:MM" for another day.
struct clock_time {
    std::optional<std::string> date;   // YYYY-MM-DD, or nullopt: the shift's day
    std::string hhmm;
};

inline constexpr int max_break_minutes = 24 * 60;
inline constexpr std::size_t max_objection_chars = 2000;
// How far the worked start may lie from the planned start, and how long a worked stretch may be.
inline constexpr int max_start_shift_minutes = 12 * 60;
inline constexpr int max_worked_minutes = 24 * 60;

struct time_entry {
    clock_time start, end;
    int break_minutes = 0;
};

enum class time_decision_kind { approved, corrected, no_show };

struct time_decision {
    time_decision_kind kind = time_decision_kind::approved;
    // For a correction: what changes (at least one); the rest stays as it stands.
    std::optional<clock_time> start, end;
    std::optional<int> break_minutes;
};

// The candidate's entry: start, end and breakMinutes (0..1440) all required.
result<time_entry> read_time_entry(simdjson::dom::object body);
// The provider's decision; a correction needs at least one of start, end, breakMinutes.
result<time_decision> read_time_decision(simdjson::dom::object body);
// The objection's text: 1..2000 characters after trimming.
result<std::string> read_objection(simdjson::dom::object body);
// {code}: the scanned QR code as text (at most 200 characters), else 422 at `code` ("du").
result<std::string> read_scan_code(simdjson::dom::object body);

// The organization's rating of a worker's reliability after approved hours (issue 43, item 5):
// `{stars: 1..5, comment?}`, the comment at most 500 characters after trimming ("Sie").
inline constexpr std::size_t max_reliability_comment_chars = 500;
struct reliability_rating {
    int stars = 0;
    std::string comment;
};
result<reliability_rating> read_reliability_rating(simdjson::dom::object body);

// Worked times as instants (minutes since the epoch), checked against each other, the plan and
// now: the end after the start, at most 24 hours, the start within 12 hours of the planned start,
// the end not in the future, the break shorter than the time between start and end. One
// violation per member (start, end, breakMinutes); empty when all hold.
std::vector<violation> check_worked_times(std::int64_t start, std::int64_t end, int break_minutes, std::int64_t planned_start,
                                          std::int64_t now, writer w);

// "7,75": minutes as German decimal hours (two places), for the record and its CSV.
std::string hours_text(std::int64_t minutes);

}  // namespace jh::shifts
