-- R__jh_job_index_locations_written.sql: the current definition of jh_job_index_locations_written
-- (first in 0061_job_index_notify.sql).
-- A repeatable migration: edit this file to change the function; it is re-applied when its
-- checksum changes (docs/running.md, "Migrations").
CREATE OR REPLACE FUNCTION jh_job_index_locations_written() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        PERFORM jh_job_index_notify(ARRAY(SELECT DISTINCT job_posting_id FROM old_rows));
    ELSIF TG_OP = 'INSERT' THEN
        PERFORM jh_job_index_notify(ARRAY(SELECT DISTINCT job_posting_id FROM new_rows));
    ELSE
        PERFORM jh_job_index_notify(ARRAY(SELECT job_posting_id FROM new_rows UNION SELECT job_posting_id FROM old_rows));
    END IF;
    RETURN NULL;
END;
$$;
