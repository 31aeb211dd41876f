-- 0188_work_limits.sql
-- What applies to a candidate's work (issue 30, part 5; docs/shifts.md "Work limits"): Minijob,
-- kurzfristige Beschäftigung, Werkstudent, Schüler, Rentner or no statement. The candidate states
-- it in the account; confirmed shifts are then counted against the limit that goes with it
-- (migrations/repeatable/R__jh_work_limits.sql). Written by actors/shifts/work_limits_actor.cpp
-- only. No row: no statement ("none"). The row goes with the account.
CREATE TABLE candidate_work_limits (
    account_id     bigint PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
    status         text NOT NULL DEFAULT 'none'
                     CHECK (status IN ('none', 'minijob', 'short_term', 'working_student', 'pupil', 'pensioner')),
    -- Werkstudent: whether the 20-hour week applies now (Vorlesungszeit) or not (Semesterferien).
    lecture_period boolean NOT NULL DEFAULT true,
    updated_at     timestamptz NOT NULL DEFAULT now()
);
COMMENT ON TABLE candidate_work_limits IS 'The work limit a candidate states (issue 30). Written by actors/shifts/ only.';
