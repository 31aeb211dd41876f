-- 0186_shift_search.sql
-- Search by date (issue 30, docs/search.md "Shift dates"): jh_job_search gains p_shifts_from and
-- p_shifts_to (a signature change: the old one is dropped here, R__jh_job_search.sql creates the
-- new one). The in-memory index keeps each live job's free shifts (jh_free_shifts), so a write that
-- changes whether a shift is free notifies jh_job_index with its job (as 0061 does for the jobs
-- themselves): a shift added, moved, resized, cancelled or deleted, and a confirmation given or
-- taken back (a decline, a withdrawal, a choice deleted with its application). Pending choices
-- change no free place and notify nothing. A job alert keeps the date window of its filter.

DROP FUNCTION IF EXISTS jh_job_search(text, text[], text[], text[], text, double precision, double precision,
                                      double precision, integer, boolean, boolean, boolean, boolean, boolean, bigint[],
                                      bigint, bigint, text, integer, integer, integer, integer);

CREATE FUNCTION jh_job_index_shifts_written() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        PERFORM jh_job_index_notify(ARRAY(SELECT DISTINCT job_posting_id FROM new_rows));
    ELSIF TG_OP = 'DELETE' THEN
        PERFORM jh_job_index_notify(ARRAY(SELECT DISTINCT job_posting_id FROM old_rows));
    ELSE
        PERFORM jh_job_index_notify(ARRAY(
            SELECT n.job_posting_id FROM new_rows AS n JOIN old_rows AS o ON o.id = n.id
             WHERE (n.job_posting_id, n.shift_date, n.starts_at, n.cancelled_at, n.staff_needed)
                   IS DISTINCT FROM (o.job_posting_id, o.shift_date, o.starts_at, o.cancelled_at, o.staff_needed)
            UNION
            SELECT o.job_posting_id FROM new_rows AS n JOIN old_rows AS o ON o.id = n.id
             WHERE n.job_posting_id <> o.job_posting_id));
    END IF;
    RETURN NULL;
END;
$$;

CREATE FUNCTION jh_job_index_shift_applications_written() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        PERFORM jh_job_index_notify(ARRAY(
            SELECT DISTINCT s.job_posting_id FROM new_rows AS n JOIN shifts AS s ON s.id = n.shift_id
             WHERE n.status = 'confirmed'));
    ELSIF TG_OP = 'DELETE' THEN
        -- A choice deleted with its shift finds no shift here: the shift's own trigger notifies.
        PERFORM jh_job_index_notify(ARRAY(
            SELECT DISTINCT s.job_posting_id FROM old_rows AS o JOIN shifts AS s ON s.id = o.shift_id
             WHERE o.status = 'confirmed'));
    ELSE
        PERFORM jh_job_index_notify(ARRAY(
            SELECT DISTINCT s.job_posting_id
              FROM new_rows AS n JOIN old_rows AS o ON o.id = n.id JOIN shifts AS s ON s.id IN (n.shift_id, o.shift_id)
             WHERE (n.status = 'confirmed') <> (o.status = 'confirmed') OR (n.status = 'confirmed' AND n.shift_id <> o.shift_id)));
    END IF;
    RETURN NULL;
END;
$$;

CREATE TRIGGER shifts_index_ins AFTER INSERT ON shifts
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION jh_job_index_shifts_written();
CREATE TRIGGER shifts_index_upd AFTER UPDATE ON shifts
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION jh_job_index_shifts_written();
CREATE TRIGGER shifts_index_del AFTER DELETE ON shifts
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION jh_job_index_shifts_written();
CREATE TRIGGER shift_applications_index_ins AFTER INSERT ON shift_applications
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION jh_job_index_shift_applications_written();
CREATE TRIGGER shift_applications_index_upd AFTER UPDATE ON shift_applications
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION jh_job_index_shift_applications_written();
CREATE TRIGGER shift_applications_index_del AFTER DELETE ON shift_applications
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION jh_job_index_shift_applications_written();

-- The alert's date window, as its stored filter says it (search_query stays the truth the worker reads).
ALTER TABLE job_alerts ADD COLUMN shifts_from date, ADD COLUMN shifts_to date;
