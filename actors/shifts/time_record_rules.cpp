// time_record_rules.cpp: see time_record_rules.h.
#include "actors/shifts/time_record_rules.h"

#include <algorithm>
#include <cstdio>

#include "actors/actions_common.h"
#include "actors/form_text.h"
#include "actors/shifts/shift_rules.h"
#include "reactor/json_body.h"

namespace jh::shifts {

namespace {

const char* msg_time(writer w) {
    return w == writer::candidate ? "Bitte gib die Uhrzeit als HH:MM an (00:00 bis 23:59)."
                                  : "Bitte geben Sie die Uhrzeit als HH:MM an (00:00 bis 23:59).";
}
const char* msg_break(writer w) {
    return w == writer::candidate ? "Bitte gib die Pause in Minuten an (0 bis 1440)."
                                  : "Bitte geben Sie die Pause in Minuten an (0 bis 1440).";
}

// "HH:MM" or "YYYY-MM-DDTHH:MM".
std::optional<clock_time> parse_clock(std::string_view s) {
    if (valid_hhmm(s)) return clock_time{std::nullopt, std::string(s)};
    if (s.size() == 16 && s[10] == 'T' && valid_date(s.substr(0, 10)) && valid_hhmm(s.substr(11)))
        return clock_time{std::string(s.substr(0, 10)), std::string(s.substr(11))};
    return std::nullopt;
}

// Reads `member` as a clock time: absent → nullopt without a violation; wrong → a violation.
std::optional<clock_time> read_clock(simdjson::dom::object body, std::string_view member, writer w, bool required,
                                     std::vector<violation>& v) {
    simdjson::dom::element e;
    if (body[member].get(e) != simdjson::SUCCESS || e.is_null()) {
        if (required) v.push_back({std::string(member), msg_time(w)});
        return std::nullopt;
    }
    std::string_view s;
    std::optional<clock_time> c;
    if (e.get(s) == simdjson::SUCCESS) c = parse_clock(s);
    if (!c) v.push_back({std::string(member), msg_time(w)});
    return c;
}

std::optional<int> read_break(simdjson::dom::object body, writer w, bool required, std::vector<violation>& v) {
    simdjson::dom::element e;
    if (body["breakMinutes"].get(e) != simdjson::SUCCESS || e.is_null()) {
        if (required) v.push_back({"breakMinutes", msg_break(w)});
        return std::nullopt;
    }
    std::int64_t n = 0;
    if (e.get(n) != simdjson::SUCCESS || n < 0 || n > max_break_minutes) {
        v.push_back({"breakMinutes", msg_break(w)});
        return std::nullopt;
    }
    return static_cast<int>(n);
}

}  // namespace

result<time_entry> read_time_entry(simdjson::dom::object body) {
    std::vector<violation> v;
    auto start = read_clock(body, "start", writer::candidate, true, v);
    auto end = read_clock(body, "end", writer::candidate, true, v);
    auto pause = read_break(body, writer::candidate, true, v);
    if (!v.empty()) return std::unexpected(app_error::invalid(std::move(v)));
    return time_entry{*start, *end, *pause};
}

result<time_decision> read_time_decision(simdjson::dom::object body) {
    std::vector<violation> v;
    time_decision d;
    std::string_view status;
    if (body["status"].get(status) != simdjson::SUCCESS) status = {};
    if (status == "approved") d.kind = time_decision_kind::approved;
    else if (status == "corrected") d.kind = time_decision_kind::corrected;
    else if (status == "no_show") d.kind = time_decision_kind::no_show;
    else
        v.push_back({"status", "Bitte wählen Sie: bestätigt (approved), korrigiert (corrected) oder nicht erschienen (no_show)."});
    if (d.kind == time_decision_kind::corrected || !v.empty()) {
        d.start = read_clock(body, "start", writer::provider, false, v);
        d.end = read_clock(body, "end", writer::provider, false, v);
        d.break_minutes = read_break(body, writer::provider, false, v);
        if (v.empty() && !d.start && !d.end && !d.break_minutes)
            v.push_back({"start", "Bitte geben Sie für die Korrektur Beginn, Ende oder Pause an."});
    }
    if (!v.empty()) return std::unexpected(app_error::invalid(std::move(v)));
    return d;
}

result<std::string> read_objection(simdjson::dom::object body) {
    std::string_view text;
    if (body["text"].get(text) != simdjson::SUCCESS) text = {};
    std::string trimmed(forms::trim_ascii(text));
    if (trimmed.empty() || utf8_length(trimmed) > max_objection_chars)
        return actions::invalid("text", "Bitte schreib kurz, was nicht stimmt (höchstens 2.000 Zeichen).");
    return trimmed;
}

result<std::string> read_scan_code(simdjson::dom::object body) {
    std::string_view code;
    if (body["code"].get(code) != simdjson::SUCCESS || code.empty() || code.size() > 200)
        return actions::invalid("code", "Dieser QR-Code ist ungültig. Bitte scanne den Code deines Einsatzes noch einmal.");
    return std::string(code);
}

result<reliability_rating> read_reliability_rating(simdjson::dom::object body) {
    reliability_rating out;
    std::vector<violation> v;
    std::int64_t stars = 0;
    simdjson::dom::element s;
    if (body["stars"].get(s) != simdjson::SUCCESS || s.get(stars) != simdjson::SUCCESS || stars < 1 || stars > 5)
        v.push_back({"stars", "Bitte vergeben Sie 1 bis 5 Sterne."});
    out.stars = static_cast<int>(stars);
    simdjson::dom::element c;
    if (body["comment"].get(c) == simdjson::SUCCESS && !c.is_null()) {
        std::string_view text;
        if (c.get(text) != simdjson::SUCCESS) {
            v.push_back({"comment", "Der Kommentar muss ein Text sein."});
        } else {
            out.comment = std::string(forms::trim_ascii(text));
            if (utf8_length(out.comment) > max_reliability_comment_chars)
                v.push_back({"comment", "Der Kommentar darf höchstens 500 Zeichen lang sein."});
        }
    }
    if (!v.empty()) return std::unexpected(app_error::invalid(std::move(v)));
    return out;
}

std::vector<violation> check_worked_times(std::int64_t start, std::int64_t end, int break_minutes, std::int64_t planned_start,
                                          std::int64_t now, writer w) {
    bool du = w == writer::candidate;
    std::vector<violation> v;
    if (end <= start) {
        v.push_back({"end", "Das Ende muss nach dem Beginn liegen."});
        return v;
    }
    if (end - start > max_worked_minutes) v.push_back({"end", "Zwischen Beginn und Ende dürfen höchstens 24 Stunden liegen."});
    else if (end > now)
        v.push_back({"end", du ? "Das Ende darf nicht in der Zukunft liegen. Trag deine Zeiten nach dem Einsatz ein."
                               : "Das Ende darf nicht in der Zukunft liegen."});
    if (std::max(start, planned_start) - std::min(start, planned_start) > max_start_shift_minutes)
        v.push_back({"start", "Der Beginn muss am Tag des Einsatzes liegen (höchstens 12 Stunden vom geplanten Beginn entfernt)."});
    if (break_minutes >= end - start)
        v.push_back({"breakMinutes", "Die Pause muss kürzer sein als die Zeit zwischen Beginn und Ende."});
    return v;
}

std::string hours_text(std::int64_t minutes) {
    std::int64_t hundredths = (minutes * 100 + 30) / 60;   // rounded to two places
    char buf[32];
    std::snprintf(buf, sizeof buf, "%lld,%02lld", static_cast<long long>(hundredths / 100), static_cast<long long>(hundredths % 100));
    return buf;
}

}  // namespace jh::shifts
