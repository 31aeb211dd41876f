// work_limits.h: the pure rules of the candidate's work limits (Arbeitszeitgrenzen, issue 30
// part 5, docs/shifts.md "Work limits"): what a candidate may state (Minijob, kurzfristige
// Beschäftigung, Werkstudent, Schüler, Rentner, none), how confirmed shifts add up per month,
// calendar year or week against the figure of that year, which periods a shift about to be
// applied for would push over the limit, and the German ("du") texts for them. No I/O here: the
// rows come from jh_work_limit_shifts (migrations/repeatable/R__jh_work_limits.sql), the figures
// from the configuration (reactor/per_year.h); tests/unit/work_limits_test.cpp covers it.
// Guidance, never a block: nothing here refuses anything.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "reactor/per_year.h"

namespace jh::work_limits {

// What the candidate states. The names are the API's and the table's (0188_work_limits.sql).
enum class status { none, minijob, short_term, working_student, pupil, pensioner };
std::optional<status> parse_status(std::string_view s) noexcept;
std::string_view status_name(status s) noexcept;

// What is counted, in which unit: a Minijob's pay per calendar month (cents), a short-term
// employment's working days per calendar year, a working student's minutes per week (Monday to
// Sunday) in the lecture period.
enum class measure { minijob_month, short_term_year, student_week };
std::string_view measure_name(measure m) noexcept;

// The configured figures, one per year (euros per month, days per year, hours per week).
struct figures {
    per_year_figures minijob_month_eur, short_term_days, student_week_hours;
};

// One counted shift as jh_work_limit_shifts gives it.
struct counted_shift {
    std::int64_t id = 0;
    bool extra = false;                  // about to be applied for, not confirmed
    std::string day, month;              // "2026-12-05", "2026-12"
    int year = 0;
    std::string week_start;              // the Monday of its week, "2026-11-30"
    int months_ago = 0;                  // months between its month and today's (negative: later)
    int minutes = 0;
    std::optional<std::int64_t> pay_cents;   // unknown when the job's pay is not per hour or day
};

// Today in Berlin, named like the periods.
struct today {
    std::string day, month, week_start;
    int year = 0;
};

// One period's sum against its limit.
struct period {
    measure what = measure::minijob_month;
    std::string key;                     // "2026-12", "2026" or the week's Monday "2026-11-30"
    int figures_year = 0;                // whose figure the limit is
    std::int64_t confirmed = 0;          // confirmed shifts only (cents, days or minutes)
    std::int64_t value = 0;              // with the shifts about to be applied for
    std::int64_t limit = 0;              // in the same unit
    int unknown_pay = 0;                 // Minijob: shifts whose pay is unknown (counted as 0)
    bool current = false;                // this month, year or week
    bool over() const noexcept { return value > limit; }
};

struct evaluation {
    status stated = status::none;
    bool lecture_period = true;
    std::optional<measure> what;         // nothing is counted for none, pupil, pensioner, nor in the semester break
    std::vector<period> periods;         // this period and every later one with shifts, in order
    std::vector<period> warnings;        // periods the extra shifts would take over the limit
    // Minijob: months of the Zeitjahr ending this month whose confirmed pay is above the limit
    // (§ 8 Abs. 1b SGB IV allows at most two, each up to twice the limit, when unforeseeable).
    int overrun_months = 0;
    // Working time across employers (docs/fair-play.md): what the extra shifts would break of the
    // ArbZG for an adult, {rule, German message}; a warning as the limits above. A minor's breach
    // is not here: choosing that shift is refused (422).
    std::vector<std::pair<std::string, std::string>> working_time;
};

// Adds up `shifts` for what `stated` counts. Pure; the order of `shifts` does not matter.
evaluation evaluate(status stated, bool lecture_period, const figures& f, const today& t,
                    const std::vector<counted_shift>& shifts);

// German texts ("du"): the period's name ("Dezember 2026", "2026", "Woche vom 30.11.2026"), an
// amount in its unit ("640,00 €", "71 Arbeitstage", "22,5 Stunden"), and the warning for a period
// the extra shifts take over the limit.
std::string period_label(const period& p);
// "2026-11" → "November 2026"; anything else as it is.
std::string month_label(std::string_view yyyy_mm);
std::string amount_text(measure m, std::int64_t v);
std::string warning_message(const period& p);

// The note every answer and the page carry.
inline constexpr const char* guidance =
    "Diese Übersicht ist eine Orientierungshilfe, keine Rechtsberatung. Sie zählt nur deine über Jobhafen "
    "bestätigten Einsätze; andere Jobs kennen wir nicht. Verbindlich ist, was dein Arbeitgeber, deine "
    "Krankenkasse oder die Minijob-Zentrale sagen.";

namespace msg {
inline constexpr const char* status =
    "Bitte wähle: minijob, short_term, working_student, pupil, pensioner oder none.";
inline constexpr const char* lecture_period = "Bitte gib für die Vorlesungszeit true oder false an.";
inline constexpr const char* shifts = "Bitte gib die Einsätze als Liste von höchstens 50 Nummern an (shifts=1,2).";
}  // namespace msg

// ?shifts=1,2,3: positive ids, at most 50, duplicates removed; nullopt when malformed.
std::optional<std::vector<std::int64_t>> parse_shift_ids(std::string_view s);

}  // namespace jh::work_limits
