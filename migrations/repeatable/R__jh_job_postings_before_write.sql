-- R__jh_job_postings_before_write.sql: the current definition of jh_job_postings_before_write
-- (first in 0014_job_postings.sql).
-- A repeatable migration: edit this file to change the function; it is re-applied when its
-- checksum changes (docs/running.md, "Migrations").
-- Before every write of a job: search_vector from its inputs (only when one changed),
-- published_at stamped on publication, updated_at on every update; a job published while its
-- organization is not live is held instead (0172_organization_holds_jobs.sql).
CREATE OR REPLACE FUNCTION jh_job_postings_before_write() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        -- A new job has no children yet; a loader may pass the arrays it is about to insert
        -- (normalised here) and location_names (see "Bulk loading").
        NEW.activity_ids        := jh_sorted_ids(NEW.activity_ids);
        NEW.employment_type_ids := jh_sorted_ids(NEW.employment_type_ids);
        NEW.industry_ids        := jh_sorted_ids(NEW.industry_ids);
        NEW.activity_names      := jh_job_activity_names(NEW.activity_ids);
        NEW.search_vector := jh_job_search_vector(NEW.title, NEW.activity_names, NEW.description,
                                                  NEW.brands, NEW.tags, NEW.location_names);
    ELSE
        IF NEW.title IS DISTINCT FROM OLD.title
           OR NEW.activity_names IS DISTINCT FROM OLD.activity_names
           OR NEW.description IS DISTINCT FROM OLD.description
           OR NEW.brands IS DISTINCT FROM OLD.brands
           OR NEW.tags IS DISTINCT FROM OLD.tags
           OR NEW.location_names IS DISTINCT FROM OLD.location_names
           OR NEW.search_vector IS DISTINCT FROM OLD.search_vector THEN
            NEW.search_vector := jh_job_search_vector(NEW.title, NEW.activity_names, NEW.description,
                                                      NEW.brands, NEW.tags, NEW.location_names);
        END IF;
        NEW.updated_at := now();
    END IF;
    IF NEW.is_published AND (TG_OP = 'INSERT' OR NOT OLD.is_published)
       AND NOT jh_organization_live(NEW.organization_id) THEN
        NEW.is_published := false;
        NEW.held_at := now();
    END IF;
    IF NEW.is_published AND NEW.published_at IS NULL THEN
        NEW.published_at := now();
    END IF;
    RETURN NEW;
END;
$$;
