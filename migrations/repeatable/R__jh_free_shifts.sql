-- R__jh_free_shifts.sql: jh_free_shifts(job), the one rule of "a free shift" behind the job
-- search's shift date filter (shiftsFrom, shiftsTo; docs/search.md, "Shift dates"): a shift of the
-- job that is not cancelled, has not begun, and has fewer confirmed people than it needs. The SQL
-- search (jh_job_search) filters by it and the in-memory index loads it (search/index_service.cpp),
-- so both read one definition. A SQL function of one SELECT: PostgreSQL inlines it into the query.
CREATE OR REPLACE FUNCTION jh_free_shifts(p_job bigint)
RETURNS TABLE (shift_date date, starts_at timestamptz)
LANGUAGE sql STABLE
AS $$
    SELECT s.shift_date, s.starts_at
      FROM shifts AS s
     WHERE s.job_posting_id = p_job AND s.cancelled_at IS NULL AND s.starts_at > now()
       AND s.staff_needed > (SELECT count(*) FROM shift_applications AS sa
                              WHERE sa.shift_id = s.id AND sa.status = 'confirmed')
$$;
