-- R__jh_employment_type_ids.sql: the current definition of jh_employment_type_ids
-- (first in 0016_job_search.sql).
-- A repeatable migration: edit this file to change the function; it is re-applied when its
-- checksum changes (docs/running.md, "Migrations").
CREATE OR REPLACE FUNCTION jh_employment_type_ids(p text[]) RETURNS integer[]
LANGUAGE sql STABLE PARALLEL SAFE
RETURN ARRAY(SELECT e.id FROM employment_types AS e WHERE e.slug = ANY (p) OR e.id::text = ANY (p) ORDER BY e.id);
