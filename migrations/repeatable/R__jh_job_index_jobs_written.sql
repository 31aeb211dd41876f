-- R__jh_job_index_jobs_written.sql: the current definition of jh_job_index_jobs_written
-- (first in 0061_job_index_notify.sql).
-- A repeatable migration: edit this file to change the function; it is re-applied when its
-- checksum changes (docs/running.md, "Migrations").
CREATE OR REPLACE FUNCTION jh_job_index_jobs_written() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        PERFORM jh_job_index_notify(ARRAY(SELECT DISTINCT id FROM old_rows));
    ELSE
        PERFORM jh_job_index_notify(ARRAY(SELECT DISTINCT id FROM new_rows));
    END IF;
    RETURN NULL;
END;
$$;
