-- R__jh_free_shifts.sql: jh_free_shifts(), the one rule of "a free shift" behind the job search's
-- shift date filter (shiftsFrom, shiftsTo; docs/search.md, "Shift dates"): a shift that is not
-- cancelled, has not begun, and has fewer confirmed people than it needs, with its job and date.
-- The SQL search (jh_job_search) keeps the jobs among them with a date in the window, and the
-- in-memory index loads each live job's rows (search/index_service.cpp), so both read one
-- definition. A SQL function of one SELECT: PostgreSQL inlines it, so a caller's condition on
-- job_posting_id or shift_date reaches the shifts table's indexes.
--
-- jh_free_shift_rows() is that rule with what a result card shows of each free shift (issue 41,
-- item 12: times, free places, pool-first until): jh_free_shifts() reads it, so there is one rule.
-- A column a caller does not read is not computed (the inlined subquery's unused output).
CREATE OR REPLACE FUNCTION jh_free_shift_rows()
RETURNS TABLE (id bigint, job_posting_id bigint, shift_date date, start_time time, end_time time,
               starts_at timestamptz, pool_until timestamptz, free_places integer)
LANGUAGE sql STABLE
AS $$
    SELECT s.id, s.job_posting_id, s.shift_date, s.start_time, s.end_time, s.starts_at,
           CASE WHEN s.pool_until > now() THEN s.pool_until END,
           s.staff_needed - (SELECT count(*) FROM shift_applications AS sa
                              WHERE sa.shift_id = s.id AND sa.status = 'confirmed')::integer
      FROM shifts AS s
     WHERE s.cancelled_at IS NULL AND s.starts_at > now()
       AND s.staff_needed > (SELECT count(*) FROM shift_applications AS sa
                              WHERE sa.shift_id = s.id AND sa.status = 'confirmed')
$$;

CREATE OR REPLACE FUNCTION jh_free_shifts()
RETURNS TABLE (job_posting_id bigint, shift_date date, starts_at timestamptz)
LANGUAGE sql STABLE
AS $$
    SELECT f.job_posting_id, f.shift_date, f.starts_at FROM jh_free_shift_rows() AS f
$$;

-- The free shifts a result card shows (issue 41, item 12; docs/search.md "Shift dates"): per job of
-- `p_jobs` its free shifts dated p_from..p_to (either open), as {"total": N, "totalCapped": bool,
-- "next": [the first `p_shown`, soonest first]}: one statement for a page of cards, never one per card.
-- A pool-first shift is among them with its `poolOnlyUntil` (free for the pool only until then).
-- Cost (review 22, finding 3): per job, `next` reads only its first `p_shown` free shifts through
-- shifts_job_idx (job_posting_id, starts_at) without a sort, and `total` counts at most 101: a job
-- with 500 free shifts costs what one with 101 does. total is then 100 with totalCapped true
-- ("mehr als 98 weitere" on the card). The starts_at bounds (a day of margin for the time zone)
-- let the index skip the shifts before/after the window; the shift_date condition is the exact one.
CREATE OR REPLACE FUNCTION jh_job_free_shifts(p_jobs bigint[], p_from date, p_to date, p_shown integer)
RETURNS TABLE (job_posting_id bigint, free_shifts json)
LANGUAGE sql STABLE
AS $$
    SELECT j.id,
           json_build_object('total', least(c.n, 100), 'totalCapped', c.n > 100, 'next', n.next)
      FROM unnest(p_jobs) AS j(id)
      CROSS JOIN LATERAL (
            SELECT json_agg(json_build_object(
                                'id', f.id,
                                'date', to_char(f.shift_date, 'YYYY-MM-DD'),
                                'start', to_char(f.start_time, 'HH24:MI'),
                                'end', to_char(f.end_time, 'HH24:MI'),
                                'endsNextDay', f.end_time <= f.start_time,
                                'freePlaces', f.free_places,
                                'poolOnlyUntil', f.pool_until)
                            ORDER BY f.starts_at, f.id) AS next
              FROM (SELECT r.* FROM jh_free_shift_rows() AS r
                     WHERE r.job_posting_id = j.id
                       AND r.starts_at >= coalesce(p_from - 1, '-infinity'::date)::timestamptz
                       AND r.starts_at < coalesce(p_to + 2, 'infinity'::date)::timestamptz
                       AND r.shift_date BETWEEN coalesce(p_from, '-infinity'::date) AND coalesce(p_to, 'infinity'::date)
                     ORDER BY r.starts_at, r.id
                     LIMIT p_shown) AS f) AS n
      CROSS JOIN LATERAL (
            SELECT count(*)::integer AS n
              FROM (SELECT 1 FROM jh_free_shift_rows() AS r
                     WHERE r.job_posting_id = j.id
                       AND r.starts_at >= coalesce(p_from - 1, '-infinity'::date)::timestamptz
                       AND r.starts_at < coalesce(p_to + 2, 'infinity'::date)::timestamptz
                       AND r.shift_date BETWEEN coalesce(p_from, '-infinity'::date) AND coalesce(p_to, 'infinity'::date)
                     ORDER BY r.starts_at   -- index order: the scan stops after 101 (no bitmap of all 500)
                     LIMIT 101) AS k) AS c
     WHERE n.next IS NOT NULL
$$;
