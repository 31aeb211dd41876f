// pay_rules.h: the pay a job names and the minimum wage it must reach (issue 42 items 1 and 2,
// docs/fair-play.md). Shared by the job editor (actors/jobs/, at saving and publishing) and the
// shifts (actors/shifts/, per shift), so both refuse with the same rule and the same words; it
// lives outside every domain like field_rules.h.
//
// Pure: no database, no HTTP. The callers read the job's stored pay and its shifts' real lengths
// from PostgreSQL and pass them in; the minimum wage per year comes from the "pay" settings
// section (pay_settings.h). Messages address providers ("Sie"). Unit tests:
// tests/unit/pay_rules_test.cpp.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "reactor/app_error.h"
#include "reactor/per_year.h"

namespace jh::pay {

// Bounds of a sane pay per unit, in cents (anything above is a typo, not a wage): 500 € an hour,
// 5.000 € a shift or day, 50.000 € a month, 100.000 € as a fee.
std::int64_t max_cents(std::string_view unit) noexcept;

// A job's pay as stored: amounts in cents; `unit` hour | day | month | project (Honorar);
// `exemption` freelance | minor | mandatory_internship or none; the slugs of its employment types.
struct job_pay {
    std::optional<std::int64_t> amount, max;
    std::optional<std::string> unit;
    std::string currency = "EUR";
    std::optional<std::string> exemption;
    std::vector<std::string> employment_types;
};

// One shift the pay is checked for: its date's year, its paid minutes (real length from the
// instants, so daylight saving and a night across midnight count right, minus the stated break)
// and its own hourly pay in cents (none: the job's pay).
struct shift_pay {
    int year = 0;
    std::string label;        // "05.12.2026, 22:00–06:00" for the message
    std::int64_t paid_minutes = 0;
    std::optional<std::int64_t> own_hourly;
};

// A day's pay without shifts is checked as 8 hours of work (§ 3 Satz 1 ArbZG: the regular day).
inline constexpr std::int64_t day_minutes_without_shifts = 8 * 60;

// "13,90 €"
std::string euros(std::int64_t cents);
// Parses a decimal text from PostgreSQL ("13.9", "12.00") into cents; nullopt when it is none.
std::optional<std::int64_t> cents_of(std::string_view decimal);

// The pay in words for a file or a mail: "14,00 € pro Stunde", "14,00–16,50 € pro Einsatz/Tag",
// "300,00 € als Honorar"; "Lohnangabe fehlt" without an amount. CHF amounts end in "CHF".
std::string pay_text(const job_pay& p);

// The fields alone, at every save (a draft too): the range's order, the bounds per unit, and an
// exemption only where the law knows it for this job.
std::vector<violation> check_fields(const job_pay& p);

// What publication needs on top (and every change of a published job): a pay, in a unit the
// minimum wage can be checked in (hour, day or shift, or a fee for freelance work), reaching the
// minimum wage in each year the work is done: each upcoming shift's year, else the years of
// `years_without_shifts` (this year and that of the job's end date).
std::vector<violation> check_publishable(const job_pay& p, const std::vector<shift_pay>& shifts,
                                         const std::vector<int>& years_without_shifts, const per_year_figures& minimum_wage);

// One shift written by the provider (created or changed), against the job's pay: the message at
// `baseSalary` (or `breakMinutes` when the break leaves no work), or nothing.
std::optional<violation> check_shift(const job_pay& p, const shift_pay& s, const per_year_figures& minimum_wage);

}  // namespace jh::pay
