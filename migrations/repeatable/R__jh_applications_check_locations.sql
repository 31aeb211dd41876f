-- R__jh_applications_check_locations.sql: the current definition of jh_applications_check_locations
-- (first in 0014_job_postings.sql).
-- A repeatable migration: edit this file to change the function; it is re-applied when its
-- checksum changes (docs/running.md, "Migrations").
CREATE OR REPLACE FUNCTION jh_applications_check_locations() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF EXISTS (SELECT 1
                 FROM unnest(NEW.location_ids) AS u(location_id)
                WHERE NOT EXISTS (SELECT 1 FROM job_posting_locations AS l
                                   WHERE l.id = u.location_id AND l.job_posting_id = NEW.job_posting_id)) THEN
        RAISE EXCEPTION 'a chosen location does not belong to job posting %', NEW.job_posting_id
            USING ERRCODE = 'check_violation', CONSTRAINT = 'applications_location_ids_belong_to_job';
    END IF;
    RETURN NEW;
END;
$$;
