-- R__jh_industry_ids.sql: the current definition of jh_industry_ids
-- (first in 0016_job_search.sql).
-- A repeatable migration: edit this file to change the function; it is re-applied when its
-- checksum changes (docs/running.md, "Migrations").
CREATE OR REPLACE FUNCTION jh_industry_ids(p text[]) RETURNS integer[]
LANGUAGE sql STABLE PARALLEL SAFE
RETURN ARRAY(SELECT i.id FROM industries AS i WHERE i.slug = ANY (p) OR i.id::text = ANY (p) ORDER BY i.id);
