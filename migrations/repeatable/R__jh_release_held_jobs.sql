-- R__jh_release_held_jobs.sql: the current definition of jh_release_held_jobs
-- (first in 0035_candidate_actions.sql).
-- A repeatable migration: edit this file to change the function; it is re-applied when its
-- checksum changes (docs/running.md, "Migrations").
-- Returns the kinds released (for the wake-ups), e.g. {mail}.
CREATE OR REPLACE FUNCTION jh_release_held_jobs(p_account bigint) RETURNS text[]
LANGUAGE plpgsql AS $$
DECLARE
    v_kinds text[];
BEGIN
    WITH gone AS (DELETE FROM held_queue_jobs WHERE account_id = p_account
                  RETURNING kind, payload, idempotency_key, application_id),
         q AS (INSERT INTO queue_jobs (kind, payload, idempotency_key)
               SELECT kind, payload, idempotency_key FROM gone
               ON CONFLICT (idempotency_key) DO NOTHING),
         a AS (UPDATE applications SET forwarded_at = now()
                WHERE id IN (SELECT application_id FROM gone WHERE application_id IS NOT NULL) AND forwarded_at IS NULL)
    SELECT coalesce(array_agg(DISTINCT kind), '{}') INTO v_kinds FROM gone;
    RETURN v_kinds;
END;
$$;
