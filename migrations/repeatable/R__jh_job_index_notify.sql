-- R__jh_job_index_notify.sql: the current definition of jh_job_index_notify
-- (first in 0061_job_index_notify.sql).
-- A repeatable migration: edit this file to change the function; it is re-applied when its
-- checksum changes (docs/running.md, "Migrations").
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
