-- 0396_response_times_notify.sql
-- A job's data shows its organization's response time (0120), and the server keeps a job's data in
-- memory while the job index's generation is unchanged (docs/caching.md). A changed response time
-- names no job the index would have to reload: it notifies jh_job_index with '+', "a fact the
-- answers show changed", and the index publishes a new generation of the same jobs, so every kept
-- answer is made again (search/index_service.cpp). One notification per statement; PostgreSQL folds
-- the same payload within a transaction into one.

CREATE FUNCTION jh_job_index_answers_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('jh_job_index', '+');
    RETURN NULL;
END;
$$;

CREATE TRIGGER organization_response_times_changed AFTER INSERT OR UPDATE OR DELETE ON organization_response_times
    FOR EACH STATEMENT EXECUTE FUNCTION jh_job_index_answers_changed();
