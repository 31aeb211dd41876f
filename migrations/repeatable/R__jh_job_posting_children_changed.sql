-- R__jh_job_posting_children_changed.sql: the current definition of jh_job_posting_children_changed
-- (first in 0014_job_postings.sql).
-- A repeatable migration: edit this file to change the function; it is re-applied when its
-- checksum changes (docs/running.md, "Migrations").
-- Statement-level trigger function for every child table (they all have job_posting_id; the
-- transition tables are called new_rows / old_rows). One UPDATE per statement, not per row, so
-- bulk inserts (the seeder, an import) stay cheap.
CREATE OR REPLACE FUNCTION jh_job_posting_children_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        PERFORM jh_job_postings_refresh(TG_TABLE_NAME, ARRAY(SELECT DISTINCT job_posting_id FROM new_rows));
    ELSIF TG_OP = 'DELETE' THEN
        PERFORM jh_job_postings_refresh(TG_TABLE_NAME, ARRAY(SELECT DISTINCT job_posting_id FROM old_rows));
    ELSE
        PERFORM jh_job_postings_refresh(TG_TABLE_NAME, ARRAY(SELECT job_posting_id FROM new_rows
                                                             UNION SELECT job_posting_id FROM old_rows));
    END IF;
    RETURN NULL;
END;
$$;
