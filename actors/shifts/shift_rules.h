// shift_rules.h: the pure rules of shifts (Einsätze, docs/shifts.md): reading and checking a
// shift's fields from a request body with a German message per field ("Sie": providers write
// shifts), and the RFC 5545 calendar text of a candidate's confirmed shifts. No I/O here, so the
// unit tests (tests/unit/shift_rules_test.cpp) cover it without a server.
#pragma once

#include <simdjson.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "actors/roles.h"
#include "reactor/app_error.h"

namespace jh::shifts {

inline constexpr int max_staff = 500;
inline constexpr std::size_t max_note_chars = 500;
inline constexpr std::size_t max_shifts_per_application = 50;
// A job holds at most this many shifts that have not begun yet (cancelled ones included: they stay
// on the team's list until they are past, and a create-and-cancel loop must not grow the job
// without end). A series of shifts (up to 200 a request) fits twice over, a year of daily shifts
// fits; the one figure every way of adding shifts checks (docs/shifts.md, "Bounds").
inline constexpr int max_upcoming_shifts_per_job = 500;
// The public list of a job's shifts is paged (?page=&itemsPerPage=, read_paging in actors/route.h),
// as the project's other public lists are.
inline constexpr int shifts_per_page = 20;
inline constexpr int max_shifts_per_page = 100;
// The portal's calendar asks for at most this many days at once (a month view shows six weeks).
inline constexpr int max_window_days = 42;

// Shifts as a JSON array (PostgreSQL's jsonb_agg) with their number, counted by the same query
// (of a paged list: the number of all, not of the page).
struct shift_list {
    std::string items = "[]";
    std::int64_t total = 0;
    int page = 0, per_page = 0;   // a page of the public list (0: the whole list)
};


// The messages the shift files share; a single field's message stands with its rule in
// shift_rules.cpp.
namespace msg {
inline constexpr const char* same_time = "Beginn und Ende dürfen nicht gleich sein.";
inline constexpr const char* place = "Bitte wählen Sie einen der Einsatzorte dieser Stellenanzeige.";
inline constexpr const char* staff = "Bitte geben Sie an, wie viele Personen Sie brauchen (1 bis 500).";
// To candidates ("du").
inline constexpr const char* choose_shift = "Bitte wähle nur kommende Einsätze dieses Jobs aus.";
inline constexpr const char* overlap =
    "Du hast dich bereits für einen Einsatz zur selben Zeit beworben. Bitte wähle Einsätze, die sich nicht überschneiden.";
inline constexpr const char* too_many_shifts = "Bitte wähle höchstens 50 Einsätze auf einmal.";
inline constexpr const char* shift_not_found = "Diesen Einsatz gibt es nicht.";
inline constexpr const char* calendar_not_found = "Diesen Kalender gibt es nicht (mehr). Bitte hole dir in deinem Konto einen neuen Link.";
}  // namespace msg

// A job is live (its shifts are public) when it is published, active and not expired: the same
// test as applying (actors/applications/applications_actor.cpp). SQL over a job aliased `j`.
inline constexpr std::string_view live_job_sql =
    "(j.is_published AND j.active AND (j.valid_through IS NULL OR j.valid_through > now()))";

// The fields of a shift as sent: every member optional here (a PATCH sends some); `complete`
// checks that a new shift has the required ones. Strings are the checked canonical forms.
struct shift_fields {
    std::optional<std::string> date;        // YYYY-MM-DD
    std::optional<std::string> start, end;  // HH:MM
    std::optional<int> staff_needed;
    bool salary_sent = false;
    std::optional<std::string> base_salary; // decimal text, or nullopt for "the job's pay"
    std::optional<std::string> note;
    std::optional<int> break_minutes;       // the stated break (issue 42): 0..720, not paid
    bool place_sent = false;
    std::optional<std::int64_t> place_id;      // a gazetteer place of one of the job's locations
    std::optional<std::int64_t> location_id;   // or a location of the job (resolved to its place)
};

// "2026-12-05": a real calendar date (leap years included) between 2000 and 2199.
bool valid_date(std::string_view s) noexcept;
// "09:30": 00:00 to 23:59, two digits each.
bool valid_hhmm(std::string_view s) noexcept;

// A window of Berlin dates, both ends included: the portal's calendar (?from=&to=).
struct date_window {
    std::string from, to;   // YYYY-MM-DD
};
// Both dates valid (each bounded by its shape before anything else), `to` not before `from`, at
// most max_window_days days: else 422 with a message at `from` or `to`.
result<date_window> read_date_window(const std::optional<std::string>& from, const std::optional<std::string>& to);

// Reads the members of a shift from a body; unknown members are ignored, wrong types and values
// outside their bounds are violations (422) with the member's name as propertyPath.
result<shift_fields> read_shift_fields(simdjson::dom::object body, bool creating);

// `shifts: [ids]` of an application: ids or "/api/shifts/{id}" IRIs, at most
// max_shifts_per_application, duplicates removed. nullopt when the member is absent.
result<std::optional<std::vector<std::int64_t>>> read_shift_ids(simdjson::dom::object body);

// ---- the calendar feed ---------------------------------------------------------------------------

struct calendar_event {
    std::int64_t shift_id = 0;
    std::string start_local, end_local;   // Berlin wall time "20261205T100000"
    std::string summary, location, description;
    std::string stamp_utc;                // "20261126T120000Z"
};

// Escapes TEXT values: backslash, ';', ',' and newlines (RFC 5545 3.3.11).
std::string ics_escape(std::string_view s);
// One content line folded at 75 octets (never inside a UTF-8 sequence), each line ending CRLF.
std::string ics_line(std::string_view line);
// What tells one feed from another in a calendar app: its name (X-WR-CALNAME) and its events'
// UIDs ({uid_prefix}{id}@host). The candidate's feed and the organization's differ, so a person
// who subscribes to both sees each shift in each calendar.
struct calendar_head {
    std::string name = "Jobhafen – Meine Einsätze";
    std::string uid_prefix = "shift-";
};
// The VCALENDAR with a VTIMEZONE for Europe/Berlin and one VEVENT per shift.
std::string calendar_ics(const std::vector<calendar_event>& events, std::string_view host, const calendar_head& head = {});

}  // namespace jh::shifts
