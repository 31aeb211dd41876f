-- R__jh_job_postings_push_to_locations.sql: the current definition of jh_job_postings_push_to_locations
-- (first in 0014_job_postings.sql).
-- A repeatable migration: edit this file to change the function; it is re-applied when its
-- checksum changes (docs/running.md, "Migrations").
-- ... and pushed down when the job's fields change.
CREATE OR REPLACE FUNCTION jh_job_postings_push_to_locations() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    UPDATE job_posting_locations AS l
       SET live = NEW.is_published AND NEW.active   -- the BEFORE trigger re-reads the job anyway
     WHERE l.job_posting_id = NEW.id;
    RETURN NULL;
END;
$$;
