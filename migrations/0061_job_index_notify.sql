-- 0061_job_index_notify.sql
-- The in-memory job index of every server process (search/, docs/search.md) stays current through
-- one notification channel, jh_job_index: after every statement that writes job_postings or
-- job_posting_locations, the ids of the jobs it touched (comma separated), or '*' when there are
-- more than fit a notification (bulk loads: the listener then reloads everything). NOTIFY is
-- delivered at commit, to every listening session, so every server behind a load balancer hears
-- it; a rolled-back write notifies nobody.

CREATE OR REPLACE FUNCTION jh_job_index_notify(p_ids bigint[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
    IF p_ids IS NULL OR cardinality(p_ids) = 0 THEN
        RETURN;
    END IF;
    -- A payload must stay under 8000 bytes: up to 400 ids of at most 19 digits.
    IF cardinality(p_ids) > 400 THEN
        PERFORM pg_notify('jh_job_index', '*');
    ELSE
        PERFORM pg_notify('jh_job_index', array_to_string(p_ids, ','));
    END IF;
END;
$$;

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

CREATE OR REPLACE FUNCTION jh_job_index_locations_written() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        PERFORM jh_job_index_notify(ARRAY(SELECT DISTINCT job_posting_id FROM old_rows));
    ELSIF TG_OP = 'INSERT' THEN
        PERFORM jh_job_index_notify(ARRAY(SELECT DISTINCT job_posting_id FROM new_rows));
    ELSE
        PERFORM jh_job_index_notify(ARRAY(SELECT job_posting_id FROM new_rows UNION SELECT job_posting_id FROM old_rows));
    END IF;
    RETURN NULL;
END;
$$;

CREATE TRIGGER job_postings_index_ins AFTER INSERT ON job_postings
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION jh_job_index_jobs_written();
CREATE TRIGGER job_postings_index_upd AFTER UPDATE ON job_postings
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION jh_job_index_jobs_written();
CREATE TRIGGER job_postings_index_del AFTER DELETE ON job_postings
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION jh_job_index_jobs_written();
CREATE TRIGGER job_posting_locations_index_ins AFTER INSERT ON job_posting_locations
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION jh_job_index_locations_written();
CREATE TRIGGER job_posting_locations_index_upd AFTER UPDATE ON job_posting_locations
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION jh_job_index_locations_written();
CREATE TRIGGER job_posting_locations_index_del AFTER DELETE ON job_posting_locations
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION jh_job_index_locations_written();
