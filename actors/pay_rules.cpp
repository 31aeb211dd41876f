// pay_rules.cpp: see pay_rules.h. The figures and their sources: docs/fair-play.md.
#include "actors/pay_rules.h"

#include <algorithm>
#include <cctype>

namespace jh::pay {

namespace {

constexpr const char* msg_pay_required =
    "Bitte geben Sie den Lohn an: pro Stunde, pro Einsatz/Tag oder als Honorar. Ohne Lohnangabe kann die Anzeige nicht "
    "veröffentlicht werden.";
constexpr const char* msg_unit =
    "Bitte geben Sie den Lohn pro Stunde, pro Einsatz/Tag oder als Honorar an (für ein Monatsgehalt kennen wir die "
    "Arbeitsstunden nicht).";
constexpr const char* msg_positive = "Bitte geben Sie einen Lohn über 0 € an.";
constexpr const char* msg_range = "Das Ende der Spanne darf nicht unter ihrem Anfang liegen.";
constexpr const char* msg_fee_needs_freelance =
    "Ein Honorar gibt es nur für freie Mitarbeit. Bitte wählen Sie die Ausnahme „Freie Mitarbeit (Honorar)“ oder geben "
    "Sie den Lohn pro Stunde oder pro Einsatz an.";
constexpr const char* msg_freelance =
    "Freie Mitarbeit (Honorar) passt nur zu einer Stelle mit der Beschäftigungsart „Freiberuflich / Selbstständig“.";
constexpr const char* msg_internship =
    "Die Ausnahme für Pflichtpraktika (§ 22 Abs. 1 Nr. 1 MiLoG) passt nur zu einer Stelle mit der Beschäftigungsart "
    "„Ausbildung / Praktikum“.";
constexpr const char* msg_minor =
    "Die Ausnahme für Minderjährige ohne abgeschlossene Berufsausbildung (§ 22 Abs. 2 MiLoG) passt nur zu einer "
    "Beschäftigung, nicht zu freier Mitarbeit oder einem Honorar.";
constexpr const char* msg_break_too_long = "Die Pause muss kürzer sein als der Einsatz.";

bool has(const std::vector<std::string>& v, std::string_view s) { return std::find(v.begin(), v.end(), s) != v.end(); }

std::string unit_words(std::string_view unit) {
    if (unit == "hour") return "pro Stunde";
    if (unit == "day") return "pro Einsatz/Tag";
    if (unit == "month") return "pro Monat";
    return "als Honorar";
}

std::string hours_text(std::int64_t minutes) {
    std::string h = std::to_string(minutes / 60);
    if (minutes % 60) h += ":" + std::string(minutes % 60 < 10 ? "0" : "") + std::to_string(minutes % 60);
    return h + (minutes == 60 ? " Stunde" : " Stunden");
}

std::string below(std::int64_t figure, int year) {
    return "liegt unter dem Mindestlohn von " + euros(figure) + " pro Stunde (" + std::to_string(year) + ").";
}

bool applies(const job_pay& p) { return !p.exemption && p.currency == "EUR"; }

// The hourly pay of `minutes` of work paid `cents` (rounded down: the check never rounds in
// the provider's favour).
std::int64_t hourly(std::int64_t cents, std::int64_t minutes) { return cents * 60 / minutes; }

}  // namespace

std::int64_t max_cents(std::string_view unit) noexcept {
    if (unit == "hour") return 500'00;
    if (unit == "day") return 5'000'00;
    if (unit == "month") return 50'000'00;
    return 100'000'00;
}

std::string euros(std::int64_t cents) {
    std::string whole = std::to_string(cents / 100);
    for (int i = static_cast<int>(whole.size()) - 3; i > 0; i -= 3) whole.insert(static_cast<std::size_t>(i), ".");
    std::int64_t c = cents % 100;
    return whole + "," + (c < 10 ? "0" : "") + std::to_string(c) + " €";
}

std::optional<std::int64_t> cents_of(std::string_view s) {
    if (s.empty()) return std::nullopt;
    bool negative = s.front() == '-';
    if (negative) s.remove_prefix(1);
    std::int64_t whole = 0, frac = 0;
    int frac_digits = 0;
    bool dot = false;
    for (char c : s) {
        if (c == '.' && !dot) { dot = true; continue; }
        if (!std::isdigit(static_cast<unsigned char>(c))) return std::nullopt;
        if (!dot) {
            if (whole > 1'000'000'000'000) return std::nullopt;
            whole = whole * 10 + (c - '0');
        } else if (frac_digits < 2) {
            frac = frac * 10 + (c - '0');
            ++frac_digits;
        }
    }
    if (frac_digits == 1) frac *= 10;
    std::int64_t v = whole * 100 + frac;
    return negative ? -v : v;
}

std::string pay_text(const job_pay& p) {
    if (!p.amount) return "Lohnangabe fehlt";
    auto money = [&](std::int64_t c) {
        std::string e = euros(c);
        return p.currency == "EUR" ? e : e.substr(0, e.size() - std::string_view(" €").size()) + " " + p.currency;
    };
    std::string out = money(*p.amount);
    if (p.max && *p.max != *p.amount) {
        std::string low = money(*p.amount);
        out = low.substr(0, low.find(' ')) + "–" + money(*p.max);
    }
    return out + " " + unit_words(p.unit.value_or("hour"));
}

std::vector<violation> check_fields(const job_pay& p) {
    std::vector<violation> v;
    std::string unit = p.unit.value_or("hour");
    if (p.amount && *p.amount <= 0) v.push_back({"baseSalary", msg_positive});
    else if (p.amount && *p.amount > max_cents(unit))
        v.push_back({"baseSalary", "Bitte prüfen Sie den Lohn: mehr als " + euros(max_cents(unit)) + " " + unit_words(unit) +
                                       " nehmen wir nicht an."});
    if (p.max && *p.max <= 0) v.push_back({"baseSalaryMax", msg_positive});
    else if (p.max && *p.max > max_cents(unit))
        v.push_back({"baseSalaryMax", "Bitte prüfen Sie den Lohn: mehr als " + euros(max_cents(unit)) + " " + unit_words(unit) +
                                          " nehmen wir nicht an."});
    else if (p.max && !p.amount) v.push_back({"baseSalary", "Bitte geben Sie den Anfang der Spanne an."});
    else if (p.max && p.amount && *p.max < *p.amount) v.push_back({"baseSalaryMax", msg_range});
    if (p.exemption == "freelance" && !has(p.employment_types, "contractor")) v.push_back({"wageExemption", msg_freelance});
    if (p.exemption == "mandatory_internship" && !has(p.employment_types, "training"))
        v.push_back({"wageExemption", msg_internship});
    if (p.exemption == "minor" &&
        (p.unit == "project" || (!p.employment_types.empty() &&
                                 std::all_of(p.employment_types.begin(), p.employment_types.end(),
                                             [](const std::string& t) { return t == "contractor"; }))))
        v.push_back({"wageExemption", msg_minor});
    return v;
}

std::optional<violation> check_shift(const job_pay& p, const shift_pay& s, const per_year_figures& minimum_wage) {
    if (s.paid_minutes <= 0) return violation{"breakMinutes", msg_break_too_long};
    if (!applies(p)) return std::nullopt;
    auto figure = minimum_wage.for_year(s.year).value;
    if (s.own_hourly) {
        if (*s.own_hourly < figure)
            return violation{"baseSalary", "Der Lohn von " + euros(*s.own_hourly) + " pro Stunde für den Einsatz am " + s.label +
                                               " " + below(figure, s.year)};
        return std::nullopt;
    }
    if (!p.amount || !p.unit) return std::nullopt;   // no pay yet: publication asks for it
    if (*p.unit == "hour" && *p.amount < figure)
        return violation{"baseSalary", "Der Lohn von " + euros(*p.amount) + " pro Stunde für den Einsatz am " + s.label + " " +
                                           below(figure, s.year)};
    if (*p.unit == "day" && hourly(*p.amount, s.paid_minutes) < figure)
        return violation{"baseSalary", "Der Lohn von " + euros(*p.amount) + " pro Einsatz entspricht beim Einsatz am " + s.label +
                                           " (" + hours_text(s.paid_minutes) + " ohne Pause) " +
                                           euros(hourly(*p.amount, s.paid_minutes)) + " pro Stunde und " +
                                           below(figure, s.year)};
    return std::nullopt;
}

std::vector<violation> check_publishable(const job_pay& p, const std::vector<shift_pay>& shifts,
                                         const std::vector<int>& years_without_shifts, const per_year_figures& minimum_wage) {
    std::vector<violation> v;
    if (!p.amount) {
        v.push_back({"baseSalary", msg_pay_required});
        return v;
    }
    if (!p.unit) {
        v.push_back({"salaryUnit", msg_unit});
        return v;
    }
    if (*p.unit == "month") v.push_back({"salaryUnit", msg_unit});
    if (*p.unit == "project" && p.exemption != "freelance") v.push_back({"wageExemption", msg_fee_needs_freelance});
    if (!v.empty() || !applies(p)) return v;
    if (!shifts.empty()) {
        for (const auto& s : shifts)
            if (auto bad = check_shift(p, s, minimum_wage)) return {*bad};   // the first shift that fails
        return v;
    }
    for (int year : years_without_shifts) {
        auto figure = minimum_wage.for_year(year).value;
        if (*p.unit == "hour" && *p.amount < figure) {
            v.push_back({"baseSalary", "Der Lohn von " + euros(*p.amount) + " pro Stunde " + below(figure, year)});
            break;
        }
        if (*p.unit == "day" && hourly(*p.amount, day_minutes_without_shifts) < figure) {
            v.push_back({"baseSalary", "Der Lohn von " + euros(*p.amount) + " pro Einsatz/Tag entspricht bei 8 Stunden " +
                                           euros(hourly(*p.amount, day_minutes_without_shifts)) + " pro Stunde und " +
                                           below(figure, year)});
            break;
        }
    }
    return v;
}

}  // namespace jh::pay
