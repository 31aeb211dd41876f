// shift_series.cpp: see shift_series.h.
#include "actors/shifts/shift_series.h"

#include <algorithm>
#include <chrono>

#include "actors/actions_common.h"

namespace jh::shifts {

namespace {

constexpr const char* msg_dates = "Bitte wählen Sie mindestens ein Datum (JJJJ-MM-TT).";
constexpr const char* msg_date = "Bitte geben Sie das Datum als JJJJ-MM-TT an.";
constexpr const char* msg_date_twice = "Dieses Datum steht schon in der Liste.";
constexpr const char* msg_slots = "Bitte geben Sie mindestens ein Zeitfenster mit Beginn, Ende und Anzahl der Personen an.";
constexpr const char* msg_slot = "Bitte geben Sie das Zeitfenster als Objekt mit Beginn, Ende und Anzahl der Personen an.";

int minutes(std::string_view hhmm) { return ((hhmm[0] - '0') * 10 + (hhmm[1] - '0')) * 60 + (hhmm[3] - '0') * 10 + (hhmm[4] - '0'); }

// [start, end) in minutes from the date's midnight; an end at or before the start is the next day.
std::pair<int, int> span(const series_slot& s) {
    int a = minutes(s.start), b = minutes(s.end);
    return {a, b <= a ? b + 24 * 60 : b};
}

bool intersects(std::pair<int, int> x, std::pair<int, int> y) { return x.first < y.second && y.first < x.second; }

std::string label(const series_slot& s) { return s.start + "–" + s.end; }

// Any two dates one day apart (checked YYYY-MM-DD)?
bool has_consecutive(std::vector<std::string> dates) {
    using namespace std::chrono;
    std::vector<int> days;
    for (const auto& d : dates) {
        auto n = [&](std::size_t at, std::size_t len) { return std::stoi(d.substr(at, len)); };
        days.push_back(static_cast<int>(sys_days(year_month_day(year(n(0, 4)), month(static_cast<unsigned>(n(5, 2))),
                                                                day(static_cast<unsigned>(n(8, 2)))))
                                            .time_since_epoch()
                                            .count()));
    }
    std::sort(days.begin(), days.end());
    return std::adjacent_find(days.begin(), days.end(), [](int a, int b) { return b - a == 1; }) != days.end();
}

// The series' lists ("dates", "slots"): a non-empty array at `key` (else `missing` there), each of
// its first max_series_shifts items handed to `each` with its path ("dates[2]"); more are passed
// over (the count in read_shift_series refuses the request anyway).
template <class Each>
void read_series_list(simdjson::dom::object body, const char* key, const char* missing, std::vector<violation>& v, Each each) {
    simdjson::dom::array arr;
    if (body[key].get(arr) != simdjson::SUCCESS || arr.size() == 0) {
        v.push_back({key, missing});
        return;
    }
    std::size_t i = 0;
    for (auto item : arr) {
        if (i == max_series_shifts) break;
        each(item, std::string(key) + "[" + std::to_string(i++) + "]");
    }
}

// The dates: a non-empty array of real dates, each once.
void read_dates(simdjson::dom::object body, shift_series& out, std::vector<violation>& v) {
    read_series_list(body, "dates", msg_dates, v, [&](simdjson::dom::element item, const std::string& at) {
        std::string_view s;
        if (item.get(s) != simdjson::SUCCESS || !valid_date(s)) v.push_back({at, msg_date});
        else if (std::find(out.dates.begin(), out.dates.end(), s) != out.dates.end()) v.push_back({at, msg_date_twice});
        else out.dates.emplace_back(s);
    });
}

// The slots: each read by the one shift's reader; start, end and staffNeeded required.
void read_slots(simdjson::dom::object body, shift_series& out, std::vector<violation>& v) {
    read_series_list(body, "slots", msg_slots, v, [&](simdjson::dom::element item, const std::string& at) {
        simdjson::dom::object slot;
        if (item.get(slot) != simdjson::SUCCESS) {
            v.push_back({at, msg_slot});
            return;
        }
        auto f = read_shift_fields(slot, false);
        std::vector<violation> mine = f ? std::vector<violation>{} : f.error().violations;
        auto refused = [&](std::string_view m) {
            return std::any_of(mine.begin(), mine.end(), [&](const violation& x) { return x.property_path == m; });
        };
        if (f && !f->start && !refused("start")) mine.push_back({"start", actions::msg_required});
        if (f && !f->end && !refused("end")) mine.push_back({"end", actions::msg_required});
        if (f && !f->staff_needed && !refused("staffNeeded"))
            mine.push_back({"staffNeeded", msg::staff});
        for (auto& x : mine)
            if (x.property_path == "start" || x.property_path == "end" || x.property_path == "staffNeeded")
                v.push_back({at + "." + x.property_path, std::move(x.message)});
        if (mine.empty()) out.slots.push_back({*f->start, *f->end, *f->staff_needed});
        else out.slots.push_back({"", "", 0});   // keeps the indexes; the request is refused
    });
}

}  // namespace

std::vector<slot_overlap> overlapping_slots(const std::vector<series_slot>& slots, bool consecutive_dates) {
    std::vector<slot_overlap> out;
    for (std::size_t j = 0; j < slots.size(); ++j) {
        if (slots[j].start.empty()) continue;
        for (std::size_t i = 0; i < j; ++i) {
            if (slots[i].start.empty()) continue;
            auto a = span(slots[i]), b = span(slots[j]);
            constexpr int day = 24 * 60;
            bool hit = intersects(a, b) ||
                       (consecutive_dates && (intersects({a.first + day, a.second + day}, b) ||
                                              intersects(a, {b.first + day, b.second + day})));
            if (hit) {
                out.push_back({j, i});
                break;
            }
        }
    }
    return out;
}

result<shift_series> read_shift_series(simdjson::dom::object body) {
    shift_series out;
    std::vector<violation> v;
    read_dates(body, out, v);
    read_slots(body, out, v);
    // The fields every shift of the series shares, by the one shift's reader; what a slot says
    // (date, start, end, staffNeeded) does not belong at the top.
    auto common = read_shift_fields(body, false);
    if (!common) {
        for (auto& x : common.error().violations)
            if (x.property_path != "date" && x.property_path != "start" && x.property_path != "end" && x.property_path != "staffNeeded")
                v.push_back(std::move(x));
    } else {
        out.common = std::move(*common);
        out.common.date.reset();
        out.common.start.reset();
        out.common.end.reset();
        out.common.staff_needed.reset();
    }
    std::size_t n_dates = 0, n_slots = 0;
    simdjson::dom::array arr;
    if (body["dates"].get(arr) == simdjson::SUCCESS) n_dates = arr.size();
    if (body["slots"].get(arr) == simdjson::SUCCESS) n_slots = arr.size();
    if (n_dates * n_slots > max_series_shifts)
        v.push_back({"slots", "Sie können höchstens 200 Einsätze auf einmal anlegen; diese Serie hätte " +
                                  std::to_string(n_dates * n_slots) + ". Bitte teilen Sie sie auf."});
    for (const auto& o : overlapping_slots(out.slots, out.dates.size() > 1 && has_consecutive(out.dates)))
        v.push_back({"slots[" + std::to_string(o.slot) + "].start",
                     "Dieses Zeitfenster (" + label(out.slots[o.slot]) + ") überschneidet sich mit Zeitfenster " +
                         std::to_string(o.earlier + 1) + " (" + label(out.slots[o.earlier]) + ")."});
    if (!v.empty()) return std::unexpected(app_error::invalid(std::move(v)));
    return out;
}

}  // namespace jh::shifts
