-- R__jh_monthly_report.sql: the current definition of jh_monthly_report, an organization's figures
-- of one calendar month (issue 44 item 8; docs/reach.md, "Monatsbericht"), read by the report's
-- routes (actors/reports/) and by the mail worker's monthly pass (R__jh_monthly_report_mails.sql),
-- so the page, the CSV and the mail count the same way.
-- A repeatable migration: edit this file to change the function (docs/running.md, "Migrations").
--
-- The month is Berlin's (p_month: its first day): days and instants from its first 00:00 to the
-- next month's first 00:00 Europe/Berlin. Per job of the month, and in a first row with job_id
-- NULL for the whole organization:
--   views          the server's count of the job page's views on the month's days (migrations/0183)
--   applications   applications that reached the organization in the month (forwarded_at: a held
--                  application counts when it is released to the organization, as the lists show it)
--   answered       of those, the ones the organization answered: a status change or a message of
--                  its own, whenever it came (also after the month)
--   median_seconds the median time from arrival (forwarded_at) to that first answer, over the
--                  answered ones; NULL when none was answered. Unanswered ones are not in the median
--                  (the report also shows how many there are); the candidates' "Antwortzeit"
--                  (migrations/0120) counts long waits instead, because it cannot show a second number.
--   shifts, shifts_filled   the month's shifts (by their start) that are not cancelled, and those
--                  whose confirmed candidates reach the staff they need
--   places, places_filled   the staff those shifts need, and the confirmed candidates (at most the
--                  staff needed per shift)
--   jobs           (the total row only) how many jobs the month has
-- A job "of the month" is one that was online at some time in it (published before its end, not
-- closed or expired before its start) or that has a view, an application or a shift in it.
-- The job rows are the p_job_limit ones with the most applications, then views; the total row
-- counts every job. The total row comes first.
CREATE OR REPLACE FUNCTION jh_monthly_report(p_org bigint, p_month date, p_job_limit integer)
RETURNS TABLE (job_id bigint, title text, views bigint, applications bigint, answered bigint,
               median_seconds double precision, shifts bigint, shifts_filled bigint, places bigint,
               places_filled bigint, jobs bigint)
LANGUAGE sql STABLE AS $$
    WITH m AS NOT MATERIALIZED (SELECT p_month AS d0, (p_month + interval '1 month')::date AS d1,
                      p_month::timestamp AT TIME ZONE 'Europe/Berlin' AS t0,
                      (p_month + interval '1 month')::timestamp AT TIME ZONE 'Europe/Berlin' AS t1),
    org_jobs AS (SELECT j.id, j.title, j.published_at, j.closed_at, j.valid_through
                   FROM job_postings j WHERE j.organization_id = p_org),
    v AS (SELECT d.job_posting_id AS job, sum(d.views)::bigint AS n
            FROM org_jobs j JOIN job_posting_daily_views d ON d.job_posting_id = j.id CROSS JOIN m
           WHERE d.day >= m.d0 AND d.day < m.d1
           GROUP BY 1),
    -- secs: NULL while unanswered (least() skips a NULL; greatest() would turn NULL into 0).
    a AS (SELECT x.job_posting_id AS job,
                 CASE WHEN coalesce(x.first_status_changed_at, pm.first_at) IS NOT NULL
                      THEN greatest(extract(epoch FROM least(x.first_status_changed_at, pm.first_at) - x.forwarded_at), 0)::double precision
                 END AS secs
            FROM org_jobs j JOIN applications x ON x.job_posting_id = j.id CROSS JOIN m
            CROSS JOIN LATERAL (SELECT min(am.created_at) AS first_at FROM application_messages am
                                 WHERE am.application_id = x.id AND am.side = 'provider') pm
           WHERE x.forwarded_at >= m.t0 AND x.forwarded_at < m.t1),
    ag AS (SELECT a.job, count(*) AS n, count(a.secs) AS answered,
                  percentile_cont(0.5) WITHIN GROUP (ORDER BY a.secs) AS median
             FROM a GROUP BY a.job),
    s AS (SELECT sh.job_posting_id AS job, count(*) AS shifts,
                 count(*) FILTER (WHERE f.confirmed >= sh.staff_needed) AS filled,
                 sum(sh.staff_needed)::bigint AS places, sum(least(f.confirmed, sh.staff_needed))::bigint AS places_filled
            FROM org_jobs j JOIN shifts sh ON sh.job_posting_id = j.id CROSS JOIN m
            CROSS JOIN LATERAL (SELECT count(*) AS confirmed FROM shift_applications sa
                                 WHERE sa.shift_id = sh.id AND sa.status = 'confirmed') f
           WHERE sh.starts_at >= m.t0 AND sh.starts_at < m.t1 AND sh.cancelled_at IS NULL
           GROUP BY 1),
    per_job AS (
        SELECT j.id, j.title, coalesce(v.n, 0) AS views, coalesce(ag.n, 0) AS applications,
               coalesce(ag.answered, 0) AS answered, ag.median, coalesce(s.shifts, 0) AS shifts,
               coalesce(s.filled, 0) AS shifts_filled, coalesce(s.places, 0) AS places,
               coalesce(s.places_filled, 0) AS places_filled
          FROM org_jobs j CROSS JOIN m
          LEFT JOIN v ON v.job = j.id LEFT JOIN ag ON ag.job = j.id LEFT JOIN s ON s.job = j.id
         WHERE v.job IS NOT NULL OR ag.job IS NOT NULL OR s.job IS NOT NULL
            OR (j.published_at < m.t1 AND (j.closed_at IS NULL OR j.closed_at >= m.t0)
                AND (j.valid_through IS NULL OR j.valid_through >= m.t0)))
    SELECT * FROM (
        (SELECT NULL::bigint, NULL::text, coalesce(sum(p.views), 0)::bigint, coalesce(sum(p.applications), 0)::bigint,
                coalesce(sum(p.answered), 0)::bigint,
                (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY a.secs) FROM a),
                coalesce(sum(p.shifts), 0)::bigint, coalesce(sum(p.shifts_filled), 0)::bigint,
                coalesce(sum(p.places), 0)::bigint, coalesce(sum(p.places_filled), 0)::bigint, count(*)
           FROM per_job p)
        UNION ALL
        (SELECT p.id, p.title, p.views, p.applications, p.answered, p.median, p.shifts, p.shifts_filled,
                p.places, p.places_filled, NULL::bigint
           FROM per_job p ORDER BY p.applications DESC, p.views DESC, p.id DESC LIMIT p_job_limit)
    ) r (job_id, title, views, applications, answered, median_seconds, shifts, shifts_filled, places, places_filled, jobs)
    ORDER BY r.job_id IS NOT NULL, r.applications DESC, r.views DESC, r.job_id DESC
$$;
COMMENT ON FUNCTION jh_monthly_report(bigint, date, integer) IS
  'An organization''s figures of one Berlin month, the total first, then up to p_job_limit jobs (issue 44 item 8).';
