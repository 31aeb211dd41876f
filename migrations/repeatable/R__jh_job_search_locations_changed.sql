-- R__jh_job_search_locations_changed.sql: the current definition of jh_job_search_locations_changed
-- (first in 0016_job_search.sql).
-- A repeatable migration: edit this file to change the function; it is re-applied when its
-- checksum changes (docs/running.md, "Migrations").
CREATE OR REPLACE FUNCTION jh_job_search_locations_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        PERFORM jh_job_search_refresh(ARRAY(SELECT DISTINCT job_posting_id FROM new_rows));
    ELSIF TG_OP = 'DELETE' THEN
        PERFORM jh_job_search_refresh(ARRAY(SELECT DISTINCT job_posting_id FROM old_rows));
    ELSE
        PERFORM jh_job_search_refresh(ARRAY(SELECT job_posting_id FROM new_rows UNION SELECT job_posting_id FROM old_rows));
    END IF;
    RETURN NULL;
END;
$$;
