-- R__jh_job_search_jobs_changed.sql: the current definition of jh_job_search_jobs_changed
-- (first in 0016_job_search.sql).
-- A repeatable migration: edit this file to change the function; it is re-applied when its
-- checksum changes (docs/running.md, "Migrations").
CREATE OR REPLACE FUNCTION jh_job_search_jobs_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        PERFORM jh_job_search_refresh(ARRAY(SELECT id FROM new_rows));
    ELSE
        -- Only jobs whose searchable values changed (a text edit does not touch the search rows).
        PERFORM jh_job_search_refresh(ARRAY(
            SELECT n.id FROM new_rows AS n JOIN old_rows AS o ON o.id = n.id
             WHERE (n.is_published, n.active, n.published_at, n.valid_through, n.organization_id, n.activity_ids,
                    n.employment_type_ids, n.industry_ids, n.top_job, n.instant_teaser_job, n.top_offer,
                    n.sponsored, n.opportunity)
                   IS DISTINCT FROM
                   (o.is_published, o.active, o.published_at, o.valid_through, o.organization_id, o.activity_ids,
                    o.employment_type_ids, o.industry_ids, o.top_job, o.instant_teaser_job, o.top_offer,
                    o.sponsored, o.opportunity)));
    END IF;
    RETURN NULL;
END;
$$;
