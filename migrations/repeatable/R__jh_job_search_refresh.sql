-- R__jh_job_search_refresh.sql: the current definition of jh_job_search_refresh
-- (first in 0016_job_search.sql).
-- A repeatable migration: edit this file to change the function; it is re-applied when its
-- checksum changes (docs/running.md, "Migrations").
-- Rewrites the search rows of the given jobs from job_postings and job_posting_locations.
CREATE OR REPLACE FUNCTION jh_job_search_refresh(p_ids bigint[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
    IF p_ids IS NULL OR cardinality(p_ids) = 0 THEN
        RETURN;
    END IF;
    DELETE FROM job_search_points WHERE job_posting_id = ANY (p_ids);
    INSERT INTO job_search_points (job_posting_id, location_id, is_primary, cell, geo, published_at, valid_through,
                                   organization_id, activity_ids, employment_type_ids, industry_ids, top_job,
                                   instant_teaser_job, top_offer, sponsored, opportunity)
    SELECT j.id, l.id, coalesce(l.rn = 1, true), jh_geo_cell(l.lat, l.lon), l.geo, j.published_at, j.valid_through,
           j.organization_id, j.activity_ids, j.employment_type_ids, j.industry_ids, j.top_job,
           j.instant_teaser_job, j.top_offer, j.sponsored, j.opportunity
      FROM job_postings AS j
      LEFT JOIN LATERAL (SELECT x.id, x.lat, x.lon, x.geo,
                                row_number() OVER (ORDER BY x.sort_order, x.id) AS rn
                           FROM job_posting_locations AS x
                          WHERE x.job_posting_id = j.id) AS l ON true
     WHERE j.id = ANY (p_ids)
       AND j.is_published AND j.active AND j.published_at IS NOT NULL;
END;
$$;
