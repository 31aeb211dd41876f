// shift_choice.h: a candidate's choice of shifts while applying, for the applications actor: the
// shifts domain's one write that runs inside another domain's transaction (the application and its
// shifts are stored together or not at all). Defined in shift_choice.cpp; docs/shifts.md.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "reactor/app_error.h"
#include "reactor/pg.h"
#include "reactor/task.h"

namespace jh {
struct config;
}

namespace jh::shifts {

// One candidate's shift choices and confirmations one after another (a transaction-scoped advisory
// lock on the account): the overlap and working-time checks count after it, so two choices or
// confirmations at once cannot both pass (docs/fair-play.md, "Working time across employers").
task<result<void>> lock_candidate_shifts(pg::transaction& tx, std::int64_t account_id);
// Locks the rows of the shifts `ids` (a PostgreSQL bigint[] literal) FOR UPDATE in ascending id
// order. Taken before the candidate's lock and before a choice is inserted, as every path that
// confirms a shift takes its row first: one lock order, no deadlock between parallel choosers.
task<result<void>> lock_shift_rows(pg::transaction& tx, const std::string& ids);

// 409 naming the organization and the end of the pool's time when one of `shift_ids` (a PostgreSQL
// array literal, actions::int_array) is kept for its organization's pool now (shifts.pool_until
// ahead) and `account_id` is not a member of that pool: every way onto a shift asks it (choosing,
// the waitlist; the refill's offers skip non-members in R__jh_shift_refill.sql).
task<result<void>> pool_first_allows(pg::transaction& tx, std::int64_t account_id, const std::string& shift_ids);

// Stores the candidate's choice of `shift_ids` (upcoming, not cancelled shifts of `job_id`) for
// `application_id` in the caller's transaction: refused (422, propertyPath `shifts`, "du") for a
// shift of another job or one that has begun, and for shifts that overlap each other or a shift
// the candidate already holds or waits for (pending or confirmed, any job). The sedcard must name a
// birth date (else 422 at `birthDate`), and a minor's choice must keep the JArbSchG together with
// her confirmed shifts at every organization (else 422 at `shifts` naming the rule).
task<result<void>> choose_shifts(pg::transaction& tx, std::int64_t account_id, std::int64_t job_id, std::int64_t application_id,
                                 const std::vector<std::int64_t>& shift_ids);

// Confirms at once, in the caller's transaction after choose_shifts(), the pending choices of
// `application_id` whose shift is its organization's to confirm for pool members
// (shifts.pool_auto_confirm) when the account is a member of that pool now: each only while the
// shift has a free place (its row locked, then counted) and the shift breaks no working-time rule
// of the ArbZG or JArbSchG with the candidate's confirmed shifts (an adult's breach too: that one
// is the provider's to weigh, so it stays pending). The candidate gets the decision mail and the
// reminder. Returns how many were confirmed (the caller wakes the mail queue after its commit).
task<result<int>> confirm_pool_choices(pg::transaction& tx, std::int64_t account_id, std::int64_t application_id, const config& cfg);
// The shifts chosen for `application_id`, one "- Samstag, 05.12.2026, 10:00–18:00 Uhr, Hamburg"
// line each (jh_shift_label), soonest first, withdrawn ones left out; empty when none. Read in the
// caller's transaction, so the provider's mail about a new application names what was just stored.
task<result<std::string>> chosen_shifts_lines(pg::transaction& tx, std::int64_t application_id);

// The same rules before an account exists (register-and-apply): the shifts are upcoming, not
// cancelled shifts of `job_id` that do not overlap each other. A read, so that no account is made
// for a choice that cannot be stored, and the answer does not depend on whether the address
// already has an account; choose_shifts() in the registration's transaction checks them again.
// `birth_date` is the one the registration brings (required when shifts are chosen: 422 at
// `birthDate`); a minor's shifts are checked against the JArbSchG on their own.
task<result<void>> check_shifts(pg::pool& pool, std::int64_t job_id, const std::vector<std::int64_t>& shift_ids,
                                const std::optional<std::string>& birth_date);

}  // namespace jh::shifts
