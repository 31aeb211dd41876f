-- R__jh_activity_ids.sql: the current definition of jh_activity_ids
-- (first in 0016_job_search.sql).
-- A repeatable migration: edit this file to change the function; it is re-applied when its
-- checksum changes (docs/running.md, "Migrations").
CREATE OR REPLACE FUNCTION jh_activity_ids(p text[]) RETURNS integer[]
LANGUAGE sql STABLE PARALLEL SAFE
RETURN ARRAY(SELECT a.id FROM activities AS a WHERE a.slug = ANY (p) OR a.id::text = ANY (p) ORDER BY a.id);
