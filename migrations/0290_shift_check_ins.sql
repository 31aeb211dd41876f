-- 0290_shift_check_ins.sql
-- Checking in and out of a shift by scanning its QR code (issue 43, item 2; docs/shifts.md
-- "Checking in and out by QR code"). Written by actors/shifts/ only (time_records_actor::scan).
--
-- One row per confirmed shift application whose candidate scanned the shift's code: the moment of
-- the first scan (check-in) and of the second (check-out). The check-out writes the worked times
-- into shift_time_records (0215) as the candidate's entry; this row only remembers the scans, so a
-- third scan can be answered and the check-in waits for its check-out. It goes with the shift
-- choice (the candidate's account deleted, the shift or job deleted): the § 17 MiLoG record
-- itself lives in shift_time_records. No location is stored, only the two instants.
CREATE TABLE shift_check_ins (
    shift_application_id bigint PRIMARY KEY REFERENCES shift_applications (id) ON DELETE CASCADE,
    checked_in_at        timestamptz NOT NULL DEFAULT now(),
    checked_out_at       timestamptz,
    CONSTRAINT shift_check_ins_order CHECK (checked_out_at IS NULL OR checked_out_at > checked_in_at)
);
COMMENT ON TABLE shift_check_ins IS
    'QR check-in and check-out of a confirmed shift (issue 43). Written by actors/shifts/ (time_records_actor).';
