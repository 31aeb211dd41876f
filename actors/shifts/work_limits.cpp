// work_limits.cpp: adding up shifts against the work limits, and their German texts. See
// work_limits.h and docs/shifts.md "Work limits".
#include "actors/shifts/work_limits.h"

#include <algorithm>
#include <charconv>
#include <map>
#include <set>

namespace jh::work_limits {

namespace {

constexpr std::string_view status_names[] = {"none", "minijob", "short_term", "working_student", "pupil", "pensioner"};
constexpr std::size_t max_shift_ids = 50;

int year_of(std::string_view key) {
    int y = 0;
    std::from_chars(key.data(), key.data() + std::min<std::size_t>(4, key.size()), y);
    return y;
}

// The limit of a period in the measure's unit, from the figure of the period's year.
std::int64_t limit_of(measure m, const figures& f, int year, int& figures_year) {
    const auto& table = m == measure::minijob_month ? f.minijob_month_eur
                        : m == measure::short_term_year ? f.short_term_days
                                                        : f.student_week_hours;
    auto e = table.for_year(year);
    figures_year = e.year;
    return m == measure::minijob_month ? e.value * 100 : m == measure::student_week ? e.value * 60 : e.value;
}

std::string two_digits(int v) { return (v < 10 ? "0" : "") + std::to_string(v); }

// 123456 → "1.234,56"
std::string euros(std::int64_t cents) {
    std::string whole = std::to_string(cents / 100);
    for (int i = static_cast<int>(whole.size()) - 3; i > 0; i -= 3) whole.insert(static_cast<std::size_t>(i), ".");
    return whole + "," + two_digits(static_cast<int>(cents % 100));
}

// "2026-11-30" → "30.11.2026"
std::string german_date(std::string_view iso) {
    if (iso.size() != 10) return std::string(iso);
    return std::string(iso.substr(8, 2)) + "." + std::string(iso.substr(5, 2)) + "." + std::string(iso.substr(0, 4));
}

}  // namespace

std::optional<status> parse_status(std::string_view s) noexcept {
    for (std::size_t i = 0; i < std::size(status_names); ++i)
        if (s == status_names[i]) return static_cast<status>(i);
    return std::nullopt;
}

std::string_view status_name(status s) noexcept { return status_names[static_cast<std::size_t>(s)]; }

std::string_view measure_name(measure m) noexcept {
    switch (m) {
    case measure::minijob_month: return "minijob_month";
    case measure::short_term_year: return "short_term_year";
    case measure::student_week: return "student_week";
    }
    return "";
}

evaluation evaluate(status stated, bool lecture_period, const figures& f, const today& t,
                    const std::vector<counted_shift>& shifts) {
    evaluation out;
    out.stated = stated;
    out.lecture_period = lecture_period;
    if (stated == status::minijob) out.what = measure::minijob_month;
    else if (stated == status::short_term) out.what = measure::short_term_year;
    else if (stated == status::working_student && lecture_period) out.what = measure::student_week;
    if (!out.what) return out;
    const measure m = *out.what;
    const std::string current = m == measure::minijob_month ? t.month
                                : m == measure::short_term_year ? std::to_string(t.year)
                                                                : t.week_start;

    // Per period: the sums with and without the extra shifts. Days are counted once per date,
    // whether confirmed or not (a second shift on a day already worked adds no working day).
    struct sums {
        std::int64_t confirmed = 0, value = 0;
        int unknown_pay = 0;
        std::set<std::string> days, confirmed_days;
        bool extra = false;
    };
    std::map<std::string, sums> by_period;
    std::map<int, std::int64_t> minijob_past_months;   // months_ago 0..11 → confirmed cents
    for (const auto& s : shifts) {
        std::string key = m == measure::minijob_month ? s.month
                          : m == measure::short_term_year ? std::to_string(s.year)
                                                          : s.week_start;
        if (m == measure::minijob_month && !s.extra && s.months_ago >= 0 && s.months_ago < 12)
            minijob_past_months[s.months_ago] += s.pay_cents.value_or(0);
        if (key < current) continue;
        auto& p = by_period[key];
        p.extra = p.extra || s.extra;
        if (m == measure::minijob_month) {
            std::int64_t v = s.pay_cents.value_or(0);
            if (!s.pay_cents) ++p.unknown_pay;
            p.value += v;
            if (!s.extra) p.confirmed += v;
        } else if (m == measure::student_week) {
            p.value += s.minutes;
            if (!s.extra) p.confirmed += s.minutes;
        } else {
            p.days.insert(s.day);
            if (!s.extra) p.confirmed_days.insert(s.day);
        }
    }
    by_period.try_emplace(current);
    for (auto& [key, s] : by_period) {
        period p;
        p.what = m;
        p.key = key;
        p.current = key == current;
        p.limit = limit_of(m, f, year_of(key), p.figures_year);
        p.unknown_pay = s.unknown_pay;
        if (m == measure::short_term_year) {
            p.value = static_cast<std::int64_t>(s.days.size());
            p.confirmed = static_cast<std::int64_t>(s.confirmed_days.size());
        } else {
            p.value = s.value;
            p.confirmed = s.confirmed;
        }
        if (s.extra && p.value > p.confirmed && p.over()) out.warnings.push_back(p);
        out.periods.push_back(std::move(p));
    }
    for (const auto& [ago, cents] : minijob_past_months) {
        int figures_year = 0, month = 1;
        if (t.month.size() == 7) std::from_chars(t.month.data() + 5, t.month.data() + 7, month);
        int year = (t.year * 12 + month - 1 - ago) / 12;
        if (cents > limit_of(m, f, year, figures_year)) ++out.overrun_months;
    }
    return out;
}

std::string month_label(std::string_view yyyy_mm) {
    static constexpr const char* months[] = {"Januar", "Februar", "März", "April", "Mai", "Juni",
                                             "Juli", "August", "September", "Oktober", "November", "Dezember"};
    int month = 0;
    if (yyyy_mm.size() == 7) std::from_chars(yyyy_mm.data() + 5, yyyy_mm.data() + 7, month);
    if (month < 1 || month > 12) return std::string(yyyy_mm);
    return std::string(months[month - 1]) + " " + std::string(yyyy_mm.substr(0, 4));
}

std::string period_label(const period& p) {
    switch (p.what) {
    case measure::minijob_month: return month_label(p.key);
    case measure::short_term_year: return p.key;
    case measure::student_week: return "Woche vom " + german_date(p.key);
    }
    return p.key;
}

std::string amount_text(measure m, std::int64_t v) {
    switch (m) {
    case measure::minijob_month: return euros(v) + " €";
    case measure::short_term_year: return std::to_string(v) + (v == 1 ? " Arbeitstag" : " Arbeitstage");
    case measure::student_week: {
        std::string h = std::to_string(v / 60);
        if (v % 60 != 0) {
            std::string frac = two_digits(static_cast<int>(v % 60 * 100 / 60));
            if (frac.back() == '0') frac.pop_back();
            h += "," + frac;
        }
        return h + (v == 60 ? " Stunde" : " Stunden");
    }
    }
    return std::to_string(v);
}

std::string warning_message(const period& p) {
    std::string limit = amount_text(p.what, p.limit);
    switch (p.what) {
    case measure::minijob_month: {
        std::string limit_eur = euros(p.limit);
        limit_eur.resize(limit_eur.size() - 3);   // whole euros: "603"
        std::string twice = euros(2 * p.limit);
        twice.resize(twice.size() - 3);
        std::string head = "Damit würdest du im " + period_label(p) + " voraussichtlich " +
                           amount_text(p.what, p.value) + " verdienen und die Minijob-Grenze von " + limit_eur +
                           " € im Monat überschreiten.";
        if (p.value > 2 * p.limit) return head + " Das ist mehr als das Doppelte der Grenze.";
        return head + " Erlaubt ist nur ein gelegentliches, nicht vorhersehbares Überschreiten (bis " + twice +
               " €, in höchstens zwei Monaten eines Zeitjahres) – ein geplanter Einsatz ist vorhersehbar.";
    }
    case measure::short_term_year:
        return "Damit würdest du " + p.key + " an " + std::to_string(p.value) +
               " Tagen arbeiten und die Grenze von " + std::to_string(p.limit) + " Arbeitstagen für eine kurzfristige Beschäftigung im Kalenderjahr überschreiten.";
    case measure::student_week:
        return "Damit würdest du in der " + period_label(p) + " " + amount_text(p.what, p.value) +
               " arbeiten und die Grenze von " + limit + " pro Woche für Werkstudenten in der Vorlesungszeit überschreiten.";
    }
    return {};
}

std::optional<std::vector<std::int64_t>> parse_shift_ids(std::string_view s) {
    std::vector<std::int64_t> ids;
    while (!s.empty()) {
        auto comma = s.find(',');
        auto part = s.substr(0, comma);
        std::int64_t id = 0;
        auto [ptr, ec] = std::from_chars(part.data(), part.data() + part.size(), id);
        if (part.empty() || ec != std::errc{} || ptr != part.data() + part.size() || id <= 0) return std::nullopt;
        if (std::find(ids.begin(), ids.end(), id) == ids.end()) ids.push_back(id);
        if (ids.size() > max_shift_ids) return std::nullopt;
        if (comma == std::string_view::npos) break;
        s.remove_prefix(comma + 1);
        if (s.empty()) return std::nullopt;   // a trailing comma
    }
    return ids;
}

}  // namespace jh::work_limits
