-- R__jh_job_postings_refresh.sql: the current definition of jh_job_postings_refresh
-- (first in 0014_job_postings.sql).
-- A repeatable migration: edit this file to change the function; it is re-applied when its
-- checksum changes (docs/running.md, "Migrations").
-- Recomputes the derived columns that come from ONE child table (p_child = its name) for the
-- given jobs, and writes a job row only when a value changed. Only that child's columns are
-- touched: while a loader inserts a job's activities, its locations are not there yet, and the
-- location_names it passed in the job INSERT must survive.
CREATE OR REPLACE FUNCTION jh_job_postings_refresh(p_child text, p_ids bigint[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
    IF p_child = 'job_posting_activities' THEN
        UPDATE job_postings AS j
           SET activity_ids = d.ids, activity_names = d.names
          FROM (SELECT c.id, c.ids, jh_job_activity_names(c.ids) AS names
                  FROM (SELECT jp.id, ARRAY(SELECT x.activity_id FROM job_posting_activities AS x
                                             WHERE x.job_posting_id = jp.id ORDER BY 1) AS ids
                          FROM job_postings AS jp WHERE jp.id = ANY (p_ids)) AS c) AS d
         WHERE j.id = d.id
           AND (j.activity_ids, j.activity_names) IS DISTINCT FROM (d.ids, d.names);
    ELSIF p_child = 'job_posting_employment_types' THEN
        UPDATE job_postings AS j
           SET employment_type_ids = d.ids
          FROM (SELECT jp.id, ARRAY(SELECT x.employment_type_id FROM job_posting_employment_types AS x
                                     WHERE x.job_posting_id = jp.id ORDER BY 1) AS ids
                  FROM job_postings AS jp WHERE jp.id = ANY (p_ids)) AS d
         WHERE j.id = d.id AND j.employment_type_ids IS DISTINCT FROM d.ids;
    ELSIF p_child = 'job_posting_industries' THEN
        UPDATE job_postings AS j
           SET industry_ids = d.ids
          FROM (SELECT jp.id, ARRAY(SELECT x.industry_id FROM job_posting_industries AS x
                                     WHERE x.job_posting_id = jp.id ORDER BY 1) AS ids
                  FROM job_postings AS jp WHERE jp.id = ANY (p_ids)) AS d
         WHERE j.id = d.id AND j.industry_ids IS DISTINCT FROM d.ids;
    ELSIF p_child = 'job_posting_locations' THEN
        UPDATE job_postings AS j
           SET location_names = d.names
          FROM (SELECT jp.id,
                       jh_job_location_names(ARRAY(SELECT l.city FROM job_posting_locations AS l
                                                    WHERE l.job_posting_id = jp.id),
                                             ARRAY(SELECT l.name FROM job_posting_locations AS l
                                                    WHERE l.job_posting_id = jp.id)) AS names
                  FROM job_postings AS jp WHERE jp.id = ANY (p_ids)) AS d
         WHERE j.id = d.id AND j.location_names IS DISTINCT FROM d.names;
    ELSE
        RAISE EXCEPTION 'jh_job_postings_refresh: unknown child table %', p_child;
    END IF;
END;
$$;
