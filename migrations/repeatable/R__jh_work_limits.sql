-- R__jh_work_limits.sql: the shifts that count against a candidate's work limit, one row each
-- with the periods it falls in, its length and its pay (issue 30, docs/shifts.md "Work limits").
-- The limits themselves (the figures per year, the sums, the warnings) are applied by
-- actors/shifts/work_limits.cpp; this function only says what each shift counts. A repeatable
-- migration: edit this file to change it.
--
-- Counted: the account's confirmed shift choices whose shift is not cancelled, from January of
-- last year on (the longest period looked at is the Zeitjahr of the Minijob rule), plus the
-- `p_extra` shifts the candidate is about to apply for — only upcoming, not cancelled shifts of a
-- live job (what anyone can see), and only once when already confirmed.
--
-- A shift belongs to the month, calendar year and week (Monday to Sunday) of its date, also when
-- it ends the next day (a night shift is one working day: the day it starts). Its minutes are its
-- length in real time (ends_at − starts_at, so a night across a clock change is 1 h shorter or
-- longer); breaks are not known and not deducted — until the hours are decided (issue 43): then
-- the approved or corrected minutes worked (end − start − break) replace the planned length, and a
-- shift marked "nicht erschienen" counts nothing (no day, no hours, no pay). Its pay in cents: the shift's own baseSalary
-- per hour × hours; else the job's pay when it is per hour (× hours) or per day (one day's pay
-- for the shift); else (per month, per project, none, or not in euros) NULL: unknown.
CREATE OR REPLACE FUNCTION jh_work_limit_shifts(p_account bigint, p_extra bigint[])
RETURNS TABLE (shift_id bigint, extra boolean, day text, month text, year integer, week_start text, months_ago integer,
               minutes integer, pay_cents bigint)
LANGUAGE sql STABLE AS $$
    WITH today AS (SELECT (now() AT TIME ZONE 'Europe/Berlin')::date AS d),
    mine AS (
        -- The decided hours of the shift (issue 43): approved or corrected minutes worked replace
        -- the planned length; a shift marked "nicht erschienen" does not count at all. The one
        -- query of confirmed shifts with their time records (R__jh_shift_hours.sql).
        SELECT c.shift_id AS id, c.worked
          FROM jh_confirmed_shift_times(p_account, (date_trunc('year', (SELECT d FROM today)) - interval '1 year')::date) c
    ),
    added AS (
        SELECT s.id
          FROM shifts s JOIN job_postings j ON j.id = s.job_posting_id
         WHERE s.id = ANY (p_extra) AND s.cancelled_at IS NULL AND s.starts_at > now()
           AND j.is_published AND j.active AND (j.valid_through IS NULL OR j.valid_through > now())
           AND s.id NOT IN (SELECT id FROM mine)
    ),
    counted AS (SELECT id, false AS extra, worked FROM mine UNION ALL SELECT id, true, NULL::integer FROM added),
    timed AS (
        SELECT c.id, c.extra, coalesce(c.worked, (extract(epoch FROM s.ends_at - s.starts_at) / 60)::integer) AS minutes
          FROM counted c JOIN shifts s ON s.id = c.id)
    SELECT s.id, c.extra,
           to_char(s.shift_date, 'YYYY-MM-DD'),
           to_char(s.shift_date, 'YYYY-MM'),
           extract(year FROM s.shift_date)::integer,
           to_char(date_trunc('week', s.shift_date)::date, 'YYYY-MM-DD'),
           ((extract(year FROM t.d) - extract(year FROM s.shift_date)) * 12
              + extract(month FROM t.d) - extract(month FROM s.shift_date))::integer,
           c.minutes,
           CASE WHEN j.salary_currency <> 'EUR' THEN NULL
                WHEN s.base_salary IS NOT NULL THEN round(s.base_salary * c.minutes * 60 / 36)::bigint
                WHEN j.base_salary IS NULL THEN NULL
                WHEN j.salary_unit = 'hour' THEN round(j.base_salary * c.minutes * 60 / 36)::bigint
                WHEN j.salary_unit = 'day' THEN round(j.base_salary * 100)::bigint
                ELSE NULL END
      FROM timed c
      JOIN shifts s ON s.id = c.id
      JOIN job_postings j ON j.id = s.job_posting_id
     CROSS JOIN today t
     ORDER BY s.shift_date, s.start_time, s.id
$$;

-- Today in Berlin as the periods above name it: month 'YYYY-MM', year, the week's Monday.
CREATE OR REPLACE FUNCTION jh_work_limit_today(OUT month text, OUT year integer, OUT week_start text, OUT today text)
LANGUAGE sql STABLE AS $$
    SELECT to_char(d, 'YYYY-MM'), extract(year FROM d)::integer, to_char(date_trunc('week', d)::date, 'YYYY-MM-DD'),
           to_char(d, 'YYYY-MM-DD')
      FROM (SELECT (now() AT TIME ZONE 'Europe/Berlin')::date AS d) t
$$;
