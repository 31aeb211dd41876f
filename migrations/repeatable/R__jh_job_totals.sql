-- R__jh_job_totals.sql: the current definition of jh_job_totals
-- (first in 0016_job_search.sql).
-- A repeatable migration: edit this file to change the function; it is re-applied when its
-- checksum changes (docs/running.md, "Migrations").
CREATE OR REPLACE FUNCTION jh_job_totals() RETURNS TABLE (job_type text, name text, total bigint)
LANGUAGE sql STABLE PARALLEL SAFE
AS $$
    WITH live AS MATERIALIZED (
        SELECT x.activity_ids, x.employment_type_ids
          FROM job_search_points AS x
         WHERE x.is_primary AND (x.valid_through IS NULL OR x.valid_through > now()))
    SELECT NULL::text, 'Alle Jobs'::text, (SELECT count(*) FROM live)
    UNION ALL
    (SELECT t.slug, t.name,
            (SELECT count(*) FROM live AS l
              WHERE l.activity_ids && t.activity_ids OR l.employment_type_ids && t.employment_type_ids)
       FROM job_types AS t
      ORDER BY t.sort_order, t.id)
$$;
