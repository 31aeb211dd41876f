-- R__jh_alert_interval.sql: the current definition of jh_alert_interval
-- (first in 0035_candidate_actions.sql).
-- A repeatable migration: edit this file to change the function; it is re-applied when its
-- checksum changes (docs/running.md, "Migrations").
CREATE OR REPLACE FUNCTION jh_alert_interval(i job_alert_interval) RETURNS interval
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN CASE i WHEN 'hourly' THEN interval '1 hour' WHEN 'four_hourly' THEN interval '4 hours'
              WHEN 'daily' THEN interval '1 day' ELSE interval '7 days' END;
