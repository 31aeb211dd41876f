// time_records_detail.h: what the two files of time_records_actor share (time_records_actor.cpp:
// entries and decisions; time_records_check_in.cpp: the QR check-in) — making a shift
// application's record and answering it — so the check-out writes the record exactly as the
// candidate's entry does.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "reactor/app_error.h"
#include "reactor/pg.h"
#include "reactor/task.h"

namespace jh::time_records_detail {

// INSERT of the record with the planned times copied from the shift, job and profile ($1: the shift
// application), nothing when it exists; the caller's UPDATE then applies the change.
extern const std::string_view ensure_sql;
// The record's JSON as the candidate sees it (404 when it is not there).
task<result<std::string>> record_json(pg::transaction& tx, std::int64_t sa_id);

}  // namespace jh::time_records_detail
