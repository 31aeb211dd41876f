-- R__jh_job_views_last_30_days.sql: the views of one job's page in the last 30 days (today in
-- Berlin and the 29 days before), from the server's own counter (0183_job_posting_daily_views.sql).
-- The provider's job list (jh_provider_job_json) and the dashboard (actors/applications/) both
-- read it here, so the two numbers cannot disagree about the window.
-- A repeatable migration: edit this file to change the function; it is re-applied when its
-- checksum changes (docs/running.md, "Migrations").
CREATE OR REPLACE FUNCTION jh_job_views_last_30_days(p_job bigint) RETURNS bigint
LANGUAGE sql STABLE PARALLEL SAFE
RETURN coalesce((SELECT sum(v.views) FROM job_posting_daily_views v
                  WHERE v.job_posting_id = p_job
                    AND v.day > (now() AT TIME ZONE 'Europe/Berlin')::date - 30), 0);

COMMENT ON FUNCTION jh_job_views_last_30_days(bigint) IS
  'Page views of job p_job counted by the server in the last 30 Berlin days (today included); issue 29.';
