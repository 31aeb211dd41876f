-- R__jh_free_shifts.sql: jh_free_shifts(), the one rule of "a free shift" behind the job search's
-- shift date filter (shiftsFrom, shiftsTo; docs/search.md, "Shift dates"): a shift that is not
-- cancelled, has not begun, and has fewer confirmed people than it needs, with its job and date.
-- The SQL search (jh_job_search) keeps the jobs among them with a date in the window, and the
-- in-memory index loads each live job's rows (search/index_service.cpp), so both read one
-- definition. A SQL function of one SELECT: PostgreSQL inlines it, so a caller's condition on
-- job_posting_id or shift_date reaches the shifts table's indexes.
CREATE OR REPLACE FUNCTION jh_free_shifts()
RETURNS TABLE (job_posting_id bigint, shift_date date, starts_at timestamptz)
LANGUAGE sql STABLE
AS $$
    SELECT s.job_posting_id, s.shift_date, s.starts_at
      FROM shifts AS s
     WHERE s.cancelled_at IS NULL AND s.starts_at > now()
       AND s.staff_needed > (SELECT count(*) FROM shift_applications AS sa
                              WHERE sa.shift_id = s.id AND sa.status = 'confirmed')
$$;
