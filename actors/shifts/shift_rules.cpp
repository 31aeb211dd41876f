// shift_rules.cpp: reading a shift's fields and writing the calendar feed; see shift_rules.h.
#include "actors/shifts/shift_rules.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>

#include "actors/actions_common.h"
#include "actors/route.h"
#include "reactor/json_body.h"

namespace jh::shifts {

namespace {

bool digits_only(std::string_view s) noexcept {
    return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

int number(std::string_view s) noexcept {
    int n = 0;
    for (char c : s) n = n * 10 + (c - '0');
    return n;
}

// The member `key` as a string for a checked field: absent → nullopt (nothing to change), another
// type → a violation.
std::optional<std::string_view> string_member(simdjson::dom::object body, std::string_view key, bool& wrong) {
    simdjson::dom::element e;
    if (body[key].get(e) != simdjson::SUCCESS) return std::nullopt;
    std::string_view s;
    if (e.get(s) != simdjson::SUCCESS) {
        wrong = true;
        return std::nullopt;
    }
    return s;
}

// A text member of a shift: the member, where it goes, the shape it must have and the message
// for one that has not (or is no string).
struct text_member {
    std::string_view member;
    std::optional<std::string> shift_fields::*into;
    bool (*valid)(std::string_view);
    const char* message;
};

// When a shift is: each required for a new shift.
constexpr text_member when_fields[] = {
    {"date", &shift_fields::date, valid_date, "Bitte geben Sie das Datum als JJJJ-MM-TT an."},
    {"start", &shift_fields::start, valid_hhmm, "Bitte geben Sie die Uhrzeit als HH:MM an (00:00 bis 23:59)."},
    {"end", &shift_fields::end, valid_hhmm, "Bitte geben Sie die Uhrzeit als HH:MM an (00:00 bis 23:59)."},
};
constexpr text_member note_field = {"note", &shift_fields::note,
                                   [](std::string_view s) { return utf8_length(s) <= max_note_chars; },
                                   "Die Notiz darf höchstens 500 Zeichen lang sein."};

constexpr const char* msg_staff = msg::staff;
constexpr const char* msg_salary = "Bitte geben Sie den Lohn als Zahl zwischen 0 und 99999,99 an.";

// Reads `field` when the body has it: its value, or a violation when it is no string or has not
// the field's shape. Absent: nothing to change.
void read_text_field(simdjson::dom::object body, const text_member& field, shift_fields& f, std::vector<violation>& v) {
    bool wrong = false;
    auto s = string_member(body, field.member, wrong);
    if (!s && !wrong) return;
    if (!s || !field.valid(*s)) v.push_back({std::string(field.member), field.message});
    else f.*field.into = std::string(*s);
}

}  // namespace

bool valid_date(std::string_view s) noexcept {
    if (s.size() != 10 || s[4] != '-' || s[7] != '-') return false;
    std::string_view y = s.substr(0, 4), m = s.substr(5, 2), d = s.substr(8, 2);
    if (!digits_only(y) || !digits_only(m) || !digits_only(d)) return false;
    int year = number(y), month = number(m), day = number(d);
    if (year < 2000 || year > 2199 || month < 1 || month > 12 || day < 1) return false;
    static constexpr int days[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    return day <= days[month - 1] + (month == 2 && leap ? 1 : 0);
}

bool valid_hhmm(std::string_view s) noexcept {
    if (s.size() != 5 || s[2] != ':') return false;
    std::string_view h = s.substr(0, 2), m = s.substr(3, 2);
    return digits_only(h) && digits_only(m) && number(h) <= 23 && number(m) <= 59;
}

result<date_window> read_date_window(const std::optional<std::string>& from, const std::optional<std::string>& to) {
    std::vector<violation> v;
    bool from_ok = from && valid_date(*from), to_ok = to && valid_date(*to);
    if (!from_ok) v.push_back({"from", "Bitte geben Sie den Beginn des Zeitraums als JJJJ-MM-TT an."});
    if (!to_ok) v.push_back({"to", "Bitte geben Sie das Ende des Zeitraums als JJJJ-MM-TT an."});
    if (!v.empty()) return std::unexpected(app_error::invalid(std::move(v)));
    auto day = [](std::string_view s) {
        using namespace std::chrono;
        return sys_days(year_month_day(year(number(s.substr(0, 4))), month(static_cast<unsigned>(number(s.substr(5, 2)))),
                                       std::chrono::day(static_cast<unsigned>(number(s.substr(8, 2))))));
    };
    auto days = (day(*to) - day(*from)).count();
    if (days < 0) return actions::invalid("to", "Das Ende des Zeitraums darf nicht vor seinem Beginn liegen.");
    if (days + 1 > max_window_days) return actions::invalid("to", "Der Zeitraum darf höchstens 42 Tage umfassen.");
    return date_window{*from, *to};
}

result<shift_fields> read_shift_fields(simdjson::dom::object body, bool creating) {
    shift_fields f;
    std::vector<violation> v;
    for (const auto& field : when_fields) read_text_field(body, field, f, v);
    if (f.start && f.end && *f.start == *f.end) v.push_back({"end", msg::same_time});
    simdjson::dom::element e;
    if (body["staffNeeded"].get(e) == simdjson::SUCCESS) {
        std::int64_t n = 0;
        if (e.get(n) != simdjson::SUCCESS || n < 1 || n > max_staff) v.push_back({"staffNeeded", msg_staff});
        else f.staff_needed = static_cast<int>(n);
    }
    if (body["baseSalary"].get(e) == simdjson::SUCCESS) {
        f.salary_sent = true;
        if (!e.is_null()) {
            double d = 0;
            std::int64_t i = 0;
            if (e.get(i) == simdjson::SUCCESS) d = static_cast<double>(i);
            else if (e.get(d) != simdjson::SUCCESS) d = -1;
            if (!(d >= 0 && d < 100000) || !std::isfinite(d)) {
                v.push_back({"baseSalary", msg_salary});
            } else {
                char buf[32];
                std::snprintf(buf, sizeof buf, "%.2f", d);
                f.base_salary = std::string(buf);
            }
        }
    }
    if (body["breakMinutes"].get(e) == simdjson::SUCCESS) {
        std::int64_t n = -1;
        if (e.get(n) != simdjson::SUCCESS || n < 0 || n > 720)
            v.push_back({"breakMinutes", "Bitte geben Sie die Pause in Minuten an (0 bis 720)."});
        else f.break_minutes = static_cast<int>(n);
    }
    read_text_field(body, note_field, f, v);
    if (body["placeId"].get(e) == simdjson::SUCCESS) {
        f.place_sent = true;
        if (!e.is_null()) {
            f.place_id = id_or_iri(e);
            if (!f.place_id) v.push_back({"placeId", msg::place});
        }
    }
    if (body["location"].get(e) == simdjson::SUCCESS) {
        f.place_sent = true;
        if (!e.is_null()) {
            f.location_id = id_or_iri(e);
            if (!f.location_id) v.push_back({"location", msg::place});
        }
    }
    if (creating) {
        // A member already refused keeps its one message.
        auto refused = [&](std::string_view member) {
            return std::any_of(v.begin(), v.end(), [&](const violation& x) { return x.property_path == member; });
        };
        for (const auto& field : when_fields)
            if (!(f.*field.into) && !refused(field.member)) v.push_back({std::string(field.member), actions::msg_required});
        if (!f.staff_needed && !refused("staffNeeded")) v.push_back({"staffNeeded", msg_staff});
    }
    if (!v.empty()) return std::unexpected(app_error::invalid(std::move(v)));
    return f;
}

result<std::optional<std::vector<std::int64_t>>> read_shift_ids(simdjson::dom::object body) {
    simdjson::dom::element e;
    if (body["shifts"].get(e) != simdjson::SUCCESS || e.is_null()) return std::optional<std::vector<std::int64_t>>{};
    simdjson::dom::array arr;
    std::vector<violation> bad{{"shifts", msg::choose_shift}};
    if (e.get(arr) != simdjson::SUCCESS) return std::unexpected(app_error::invalid(std::move(bad)));
    std::vector<std::int64_t> ids;
    for (auto item : arr) {
        if (ids.size() >= max_shifts_per_application) {
            std::vector<violation> many{{"shifts", msg::too_many_shifts}};
            return std::unexpected(app_error::invalid(std::move(many)));
        }
        simdjson::dom::object o;
        simdjson::dom::element idv = item;
        if (item.get(o) == simdjson::SUCCESS && o["id"].get(idv) != simdjson::SUCCESS && o["@id"].get(idv) != simdjson::SUCCESS)
            return std::unexpected(app_error::invalid(std::move(bad)));
        auto id = id_or_iri(idv);
        if (!id) return std::unexpected(app_error::invalid(std::move(bad)));
        ids.push_back(*id);
    }
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    return std::optional<std::vector<std::int64_t>>(std::move(ids));
}

// ---- the calendar feed ---------------------------------------------------------------------------

std::string ics_escape(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    for (std::size_t i = 0; i < s.size(); ++i) {
        char c = s[i];
        if (c == '\\' || c == ';' || c == ',') {
            out += '\\';
            out += c;
        } else if (c == '\r') {
            if (i + 1 < s.size() && s[i + 1] == '\n') ++i;
            out += "\\n";
        } else if (c == '\n') {
            out += "\\n";
        } else if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) {
            out += ' ';   // other control characters are not allowed in TEXT
        } else {
            out += c;
        }
    }
    return out;
}

std::string ics_line(std::string_view line) {
    std::string out;
    std::size_t limit = 75, used = 0;
    for (std::size_t i = 0; i < line.size();) {
        // The length of the UTF-8 sequence starting at i (a stray byte counts as one).
        unsigned char c = static_cast<unsigned char>(line[i]);
        std::size_t n = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xe ? 3 : (c >> 3) == 0x1e ? 4 : 1;
        n = std::min(n, line.size() - i);
        if (used + n > limit) {
            out += "\r\n ";
            used = 1;   // the continuation line's leading space counts toward its 75 octets
        }
        out.append(line.substr(i, n));
        used += n;
        i += n;
    }
    out += "\r\n";
    return out;
}

std::string calendar_ics(const std::vector<calendar_event>& events, std::string_view host, const calendar_head& head) {
    std::string out;
    auto line = [&out](std::string_view l) { out += ics_line(l); };
    line("BEGIN:VCALENDAR");
    line("VERSION:2.0");
    line("PRODID:-//Jobhafen//Einsätze//DE");
    line("CALSCALE:GREGORIAN");
    line("METHOD:PUBLISH");
    line("X-WR-CALNAME:" + ics_escape(head.name));
    line("X-WR-TIMEZONE:Europe/Berlin");
    // Europe/Berlin since 1996: CEST from the last Sunday of March 02:00, CET from the last
    // Sunday of October 03:00.
    line("BEGIN:VTIMEZONE");
    line("TZID:Europe/Berlin");
    line("BEGIN:DAYLIGHT");
    line("TZOFFSETFROM:+0100");
    line("TZOFFSETTO:+0200");
    line("TZNAME:CEST");
    line("DTSTART:19700329T020000");
    line("RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU");
    line("END:DAYLIGHT");
    line("BEGIN:STANDARD");
    line("TZOFFSETFROM:+0200");
    line("TZOFFSETTO:+0100");
    line("TZNAME:CET");
    line("DTSTART:19701025T030000");
    line("RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU");
    line("END:STANDARD");
    line("END:VTIMEZONE");
    for (const auto& e : events) {
        line("BEGIN:VEVENT");
        line("UID:" + head.uid_prefix + std::to_string(e.shift_id) + "@" + std::string(host));
        line("DTSTAMP:" + e.stamp_utc);
        line("DTSTART;TZID=Europe/Berlin:" + e.start_local);
        line("DTEND;TZID=Europe/Berlin:" + e.end_local);
        line("SUMMARY:" + ics_escape(e.summary));
        if (!e.location.empty()) line("LOCATION:" + ics_escape(e.location));
        if (!e.description.empty()) line("DESCRIPTION:" + ics_escape(e.description));
        line("STATUS:CONFIRMED");
        line("TRANSP:OPAQUE");
        line("END:VEVENT");
    }
    line("END:VCALENDAR");
    return out;
}

}  // namespace jh::shifts
