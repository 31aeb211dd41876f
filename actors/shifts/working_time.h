// working_time.h: working time across employers (issue 42 item 6, docs/fair-play.md "Working time
// across employers"). The rules themselves run in PostgreSQL over the candidate's confirmed shifts
// at every organization (jh_working_time_breaches, migrations/repeatable/R__jh_shift_hours.sql), so
// the choice, the confirmation, the warning before applying and the provider's flag read one
// definition; this file holds the one statement that asks it, the rows it answers, and the German
// texts: to candidates ("du": a refusal for a minor, a warning for an adult) and to providers
// ("Sie": a refusal to confirm a minor's shift, naming the rule and never another employer's data).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "reactor/pg.h"

namespace jh::working_time {

// One broken rule as jh_working_time_breaches answers it.
struct breach {
    std::string rule;            // rest | day | week | five_days | night | weekend
    bool minor = false;          // a rule of the JArbSchG (the candidate is under 18 on that day)
    std::int64_t shift_id = 0;   // the shift asked about that breaks it
    std::string day;             // YYYY-MM-DD: the working day, calendar day or the week's Monday
    std::optional<int> value;    // minutes (rest, day, week) or days (five_days)
    int limit = 0;               // minutes; days for five_days; the end hour × 60 for night
};

// $1 account, $2 shift ids (bigint[] text), $3 a birth date standing for the sedcard's (or NULL).
inline constexpr std::string_view breaches_sql =
    "SELECT rule, minor, shift_id, to_char(day, 'YYYY-MM-DD'), value_minutes, limit_minutes "
    "  FROM jh_working_time_breaches($1, $2::bigint[], $3::date) ORDER BY minor DESC, day, rule";

std::vector<breach> read_breaches(const pg::result_set& r);

// The candidate's text for a breach ("du"): a minor's refusal names the rule of the JArbSchG, an
// adult's warning the ArbZG's; both say what the day or week would come to.
std::string candidate_message(const breach& b);
// The provider's refusal to confirm a minor's shift ("Sie"): the rule and its paragraph only.
std::string provider_message(const breach& b);

namespace msg {
// To a candidate who chooses shifts without a birth date on the sedcard ("du").
inline constexpr const char* birth_date_needed =
    "Bitte gib dein Geburtsdatum an, bevor du Einsätze wählst: Für Jugendliche unter 18 gelten besondere "
    "Arbeitszeiten (Jugendarbeitsschutzgesetz).";
inline constexpr const char* birth_date_invalid = "Bitte gib dein Geburtsdatum als gültiges Datum an (JJJJ-MM-TT).";
}  // namespace msg

// "2010-05-17": a real date between 1900 and today's year (checked by shape and calendar).
bool plausible_birth_date(std::string_view s) noexcept;

}  // namespace jh::working_time
