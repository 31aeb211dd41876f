-- R__jh_shift_hours.sql: the hours a candidate's shifts count, and the working-time rules across
-- employers (issue 42 item 6, docs/fair-play.md "Working time across employers"). A repeatable
-- migration: edit this file to change them. It sorts before R__jh_shift_json.sql and
-- R__jh_work_limits.sql, which call the functions defined here.
--
-- jh_confirmed_shift_times: the one query of a candidate's confirmed shifts (any organization) with
-- the decided time records (migration 0215) in place of the planned times: an `approved` or
-- `corrected` record gives the real start, end and minutes worked (end − start − break); a shift
-- marked `no_show` is not there at all; otherwise the planned instants stand and `worked` is NULL
-- (the caller decides how it counts a planned shift). The work limits (jh_work_limit_shifts) and
-- the working-time rules below both read it.
CREATE OR REPLACE FUNCTION jh_confirmed_shift_times(p_account bigint, p_from date)
RETURNS TABLE (shift_id bigint, starts_at timestamptz, ends_at timestamptz, worked integer)
LANGUAGE sql STABLE PARALLEL SAFE AS $$
    SELECT s.id, coalesce(min(r.start_at), s.starts_at), coalesce(min(r.end_at), s.ends_at), min(r.worked)
      FROM shift_applications sa
      JOIN applications x ON x.id = sa.application_id
      JOIN shifts s ON s.id = sa.shift_id
      LEFT JOIN LATERAL (
          SELECT t.status,
                 CASE WHEN t.status IN ('approved', 'corrected') THEN t.start_at END AS start_at,
                 CASE WHEN t.status IN ('approved', 'corrected') THEN t.end_at END AS end_at,
                 CASE WHEN t.status IN ('approved', 'corrected')
                      THEN (extract(epoch FROM t.end_at - t.start_at) / 60)::integer - t.break_minutes END AS worked
            FROM shift_time_records t WHERE t.shift_application_id = sa.id) r ON true
     WHERE x.candidate_account_id = p_account AND sa.status = 'confirmed' AND s.cancelled_at IS NULL
       AND s.shift_date >= p_from
     GROUP BY s.id
    HAVING NOT bool_or(coalesce(r.status = 'no_show', false))
$$;

-- Whether a job counts as a "Gaststätte" for §§ 14, 16, 17 JArbSchG (docs/decisions.md, "Working
-- time across employers"): its industries name Gastronomie, Hotellerie or Catering, or every one of
-- its activities is one of the landing page "Gastrojobs" (job_types, 0015). A promotion job is not.
CREATE OR REPLACE FUNCTION jh_job_is_gastronomy(p_job bigint) RETURNS boolean
LANGUAGE sql STABLE PARALLEL SAFE AS $$
    SELECT coalesce(j.industry_ids && ARRAY(SELECT i.id FROM industries i WHERE i.slug IN ('gastronomie', 'hotellerie', 'catering'))
                    OR (cardinality(j.activity_ids) > 0
                        AND j.activity_ids <@ (SELECT t.activity_ids FROM job_types t WHERE t.slug = 'gastrojobs')), false)
      FROM job_postings j WHERE j.id = p_job
$$;

-- The rules the shifts `p_shifts` (about to be chosen or confirmed) would break together with the
-- candidate's confirmed shifts at every organization (§ 2 Abs. 1 ArbZG: hours at several employers
-- are added up). One row per breach that involves one of `p_shifts`; nothing for a clean choice.
-- `p_born` stands for the sedcard's birthDate when the account has none yet (register-and-apply).
--
--   rule       minor  what                                                         limit_minutes
--   rest       no     less than 11 h between two working days (§ 5 Abs. 1 ArbZG)    660
--   rest       yes    less than 12 h free after the day's work (§ 13 JArbSchG)       720
--   day        no     more than 10 h worked on a calendar day (§ 3 ArbZG)            600
--   day        yes    more than 8 h (§ 8 Abs. 1 JArbSchG)                            480
--   week       no     more than 48 h in a week Monday–Sunday (§ 3 ArbZG, 6 × 8 h)    2880
--   week       yes    more than 40 h (§ 8 Abs. 1 JArbSchG)                           2400
--   night      yes    work before 6:00 or after 20:00, over-16s in a Gaststätte
--                     after 22:00 (§ 14 Abs. 1, Abs. 2 Nr. 1 JArbSchG)               1200 / 1320
--   five_days  yes    work on more than five days of a week (§ 15 JArbSchG)          5 (days)
--   weekend    yes    work on a Saturday or Sunday outside a Gaststätte (§§ 16, 17)  0
--
-- Minutes worked: a decided time record's (jh_confirmed_shift_times), else the planned length
-- less the stated break. A shift across midnight counts on each calendar day (Berlin) in
-- proportion to its time on that day. A working day is the Berlin date a shift starts on; shifts
-- starting on the same date are one working day, so the rest is measured between working days.
-- `minor`: under 18 on the shift's date; a candidate without a birth date is treated as an adult.
CREATE OR REPLACE FUNCTION jh_working_time_breaches(p_account bigint, p_shifts bigint[], p_born date DEFAULT NULL)
RETURNS TABLE (rule text, minor boolean, shift_id bigint, day date, value_minutes integer, limit_minutes integer)
LANGUAGE sql STABLE PARALLEL SAFE AS $$
    WITH person AS (
        SELECT coalesce(p_born, (SELECT CASE WHEN p.sedcard ->> 'birthDate' ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'
                                             THEN (p.sedcard ->> 'birthDate')::date END
                                   FROM candidate_profiles p WHERE p.account_id = p_account)) AS born),
    asked AS (
        SELECT s.id, s.starts_at, s.ends_at,
               greatest((extract(epoch FROM s.ends_at - s.starts_at) / 60)::integer - s.break_minutes, 0) AS worked
          FROM shifts s WHERE s.id = ANY (p_shifts) AND s.cancelled_at IS NULL),
    span AS (SELECT min(starts_at) - interval '8 days' AS lo, max(ends_at) + interval '8 days' AS hi FROM asked),
    held AS (
        SELECT c.shift_id AS id, c.starts_at, c.ends_at,
               coalesce(c.worked, greatest((extract(epoch FROM c.ends_at - c.starts_at) / 60)::integer - s.break_minutes, 0)) AS worked
          FROM span CROSS JOIN LATERAL jh_confirmed_shift_times(p_account, ((span.lo AT TIME ZONE 'Europe/Berlin')::date - 1)) c
          JOIN shifts s ON s.id = c.shift_id
         WHERE c.starts_at < span.hi AND c.ends_at > span.lo AND NOT (c.shift_id = ANY (p_shifts))),
    aged AS (
        SELECT w.id, w.starts_at, w.ends_at, w.worked, w.id = ANY (p_shifts) AS extra,
               w.starts_at AT TIME ZONE 'Europe/Berlin' AS local_start, w.ends_at AT TIME ZONE 'Europe/Berlin' AS local_end,
               (w.starts_at AT TIME ZONE 'Europe/Berlin')::date AS work_day,
               jh_job_is_gastronomy(s.job_posting_id) AS gastro,
               pe.born IS NOT NULL AND (w.starts_at AT TIME ZONE 'Europe/Berlin')::date < pe.born + interval '18 years' AS minor,
               pe.born IS NOT NULL AND (w.starts_at AT TIME ZONE 'Europe/Berlin')::date >= pe.born + interval '16 years' AS over16
          FROM (SELECT * FROM asked UNION ALL SELECT * FROM held) w
          JOIN shifts s ON s.id = w.id CROSS JOIN person pe),
    parts AS (   -- minutes worked per calendar day, in proportion to the shift's time on that day
        SELECT a.id, a.extra, a.minor, a.gastro, d::date AS day,
               a.worked * extract(epoch FROM least(a.local_end, d + interval '1 day') - greatest(a.local_start, d))
                 / nullif(extract(epoch FROM a.local_end - a.local_start), 0) AS minutes
          FROM aged a
         CROSS JOIN LATERAL generate_series(a.local_start::date::timestamp, (a.local_end - interval '1 microsecond')::date::timestamp,
                                            interval '1 day') d),
    days AS (
        SELECT p.day, sum(p.minutes) AS minutes, bool_or(p.extra) AS extra, bool_or(p.minor) AS minor,
               min(p.id) FILTER (WHERE p.extra) AS shift_id
          FROM parts p GROUP BY p.day),
    weeks AS (
        SELECT date_trunc('week', d.day)::date AS week, sum(d.minutes) AS minutes, count(*) FILTER (WHERE d.minutes > 0) AS work_days,
               bool_or(d.extra) AS extra, bool_or(d.minor) AS minor, min(d.shift_id) AS shift_id
          FROM days d GROUP BY 1),
    ordered AS (
        SELECT a.*, lag(a.work_day) OVER w AS prev_day, lag(a.extra) OVER w AS prev_extra, lag(a.id) OVER w AS prev_id,
               max(a.ends_at) OVER (w ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS prev_end
          FROM aged a WINDOW w AS (ORDER BY a.starts_at, a.id))
    SELECT 'rest', o.minor, CASE WHEN o.extra THEN o.id ELSE o.prev_id END, o.work_day,
           (extract(epoch FROM o.starts_at - o.prev_end) / 60)::integer, CASE WHEN o.minor THEN 720 ELSE 660 END
      FROM ordered o
     WHERE o.prev_day < o.work_day AND (o.extra OR o.prev_extra)
       AND o.starts_at - o.prev_end < CASE WHEN o.minor THEN interval '12 hours' ELSE interval '11 hours' END
    UNION ALL
    SELECT 'day', d.minor, d.shift_id, d.day, round(d.minutes)::integer, CASE WHEN d.minor THEN 480 ELSE 600 END
      FROM days d WHERE d.extra AND round(d.minutes) > CASE WHEN d.minor THEN 480 ELSE 600 END
    UNION ALL
    SELECT 'week', w.minor, w.shift_id, w.week, round(w.minutes)::integer, CASE WHEN w.minor THEN 2400 ELSE 2880 END
      FROM weeks w WHERE w.extra AND round(w.minutes) > CASE WHEN w.minor THEN 2400 ELSE 2880 END
    UNION ALL
    SELECT 'five_days', true, w.shift_id, w.week, w.work_days::integer, 5
      FROM weeks w WHERE w.extra AND w.minor AND w.work_days > 5
    UNION ALL
    SELECT 'night', true, a.id, a.work_day, NULL::integer, CASE WHEN a.gastro AND a.over16 THEN 1320 ELSE 1200 END
      FROM aged a
     WHERE a.extra AND a.minor
       AND (a.local_start < a.work_day + interval '6 hours'
            OR a.local_end > a.work_day + CASE WHEN a.gastro AND a.over16 THEN interval '22 hours' ELSE interval '20 hours' END)
    UNION ALL
    (SELECT DISTINCT ON (p.id, p.day) 'weekend', true, p.id, p.day, NULL::integer, 0
       FROM parts p
      WHERE p.extra AND p.minor AND NOT p.gastro AND extract(isodow FROM p.day) IN (6, 7) AND p.minutes > 0)
$$;

-- The neutral flag the provider sees beside a candidate's choice of `p_shift` (never which other
-- employer or shift): 'Jugendarbeitsschutz' when a rule for minors is broken, else 'Ruhezeit' for
-- the rest, 'Arbeitszeit' for the daily or weekly hours, NULL when nothing is.
CREATE OR REPLACE FUNCTION jh_working_time_flag(p_account bigint, p_shift bigint) RETURNS text
LANGUAGE sql STABLE PARALLEL SAFE AS $$
    SELECT CASE WHEN bool_or(b.minor) THEN 'Jugendarbeitsschutz'
                WHEN bool_or(b.rule = 'rest') THEN 'Ruhezeit'
                WHEN count(*) > 0 THEN 'Arbeitszeit' END
      FROM jh_working_time_breaches(p_account, ARRAY[p_shift]) b
$$;
