-- R__jh_monthly_report_sources.sql: the current definition of jh_monthly_report_sources, where the
-- applications of jh_monthly_report came from (issue 44 item 8; docs/reach.md, "Monatsbericht"):
-- per source label (actors/applications/application_source.h; "Nicht erfasst" before sources were
-- recorded), for the whole organization (job_id NULL, first) and for each job of p_jobs.
-- A repeatable migration: edit this file to change the function (docs/running.md, "Migrations").
--
-- The labels are the organization's p_top most frequent ones of the month; the rest are counted
-- together as "Weitere Quellen", for the total and every job alike, so the columns of the CSV
-- and the chart's series are the same for all rows. Bounded: (jobs of p_jobs + 1) × (p_top + 1) rows.
CREATE OR REPLACE FUNCTION jh_monthly_report_sources(p_org bigint, p_month date, p_top integer, p_jobs bigint[])
RETURNS TABLE (job_id bigint, source text, applications bigint)
LANGUAGE sql STABLE AS $$
    WITH m AS NOT MATERIALIZED (SELECT p_month::timestamp AT TIME ZONE 'Europe/Berlin' AS t0,
                      (p_month + interval '1 month')::timestamp AT TIME ZONE 'Europe/Berlin' AS t1),
    a AS (SELECT x.job_posting_id AS job, coalesce(x.source_label, 'Nicht erfasst') AS source
            FROM job_postings j JOIN applications x ON x.job_posting_id = j.id CROSS JOIN m
           WHERE j.organization_id = p_org AND x.forwarded_at >= m.t0 AND x.forwarded_at < m.t1),
    top AS (SELECT a.source FROM a GROUP BY a.source ORDER BY count(*) DESC, a.source LIMIT p_top),
    labelled AS (SELECT a.job, CASE WHEN a.source IN (SELECT top.source FROM top) THEN a.source ELSE 'Weitere Quellen' END AS source
                   FROM a),
    counted AS (SELECT l.job, l.source, count(*)::bigint AS n, grouping(l.job) AS whole
                  FROM labelled l GROUP BY GROUPING SETS ((l.job, l.source), (l.source)))
    SELECT CASE WHEN c.whole = 1 THEN NULL ELSE c.job END, c.source, c.n
      FROM counted c
     WHERE c.whole = 1 OR c.job = ANY (p_jobs)
     ORDER BY c.whole DESC, c.job DESC, c.n DESC, c.source
$$;
COMMENT ON FUNCTION jh_monthly_report_sources(bigint, date, integer, bigint[]) IS
  'Applications of one Berlin month per source label, for the organization (job_id NULL) and each of p_jobs (issue 44 item 8).';
