-- R__jh_job_posting_locations_copy_job.sql: the current definition of jh_job_posting_locations_copy_job
-- (first in 0014_job_postings.sql).
-- A repeatable migration: edit this file to change the function; it is re-applied when its
-- checksum changes (docs/running.md, "Migrations").
-- Locations carry copies of their job's search fields: set when a location is written ...
CREATE OR REPLACE FUNCTION jh_job_posting_locations_copy_job() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    SELECT j.is_published AND j.active, j.published_at, j.activity_ids, j.employment_type_ids
      INTO NEW.live, NEW.published_at, NEW.activity_ids, NEW.employment_type_ids
      FROM job_postings AS j
     WHERE j.id = NEW.job_posting_id;
    RETURN NEW;
END;
$$;
