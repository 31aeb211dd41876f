-- R__jh_activity_renamed.sql: the current definition of jh_activity_renamed
-- (first in 0014_job_postings.sql).
-- A repeatable migration: edit this file to change the function; it is re-applied when its
-- checksum changes (docs/running.md, "Migrations").
-- Renaming an activity changes the search text of every job that has it.
CREATE OR REPLACE FUNCTION jh_activity_renamed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    PERFORM jh_job_postings_refresh('job_posting_activities',
                                    ARRAY(SELECT id FROM job_postings WHERE activity_ids @> ARRAY[NEW.id]));
    RETURN NULL;
END;
$$;
