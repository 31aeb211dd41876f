-- R__jh_sweep_kept_sedcards.sql: the current definition of jh_sweep_kept_sedcards (new here).
-- A repeatable migration: edit this file to change the function; it is re-applied when its
-- checksum changes (docs/running.md, "Migrations").
--
-- Kept sedcard PDFs (0395_sedcard_renders.sql, docs/sedcard.md "Kept PDFs") rendered more than
-- p_days ago go: up to p_limit rows, and the removal of their files queued for the media worker in
-- the same transaction (one `media` job, messages/media_jobs.h). A kept PDF is a copy of what the
-- profile shows, there only to spare the render worker a repeated download; a copy of personal
-- data kept for no purpose is what Art. 5(1)(e) DSGVO forbids, and the next download renders it
-- anew. The age is checked in the DELETE itself: a rendering that replaced the row meanwhile (a new
-- version, rendered_at now) is re-checked on its new version and stays.
CREATE OR REPLACE FUNCTION jh_sweep_kept_sedcards(p_days integer, p_limit integer) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
    v_keys text[];
BEGIN
    WITH gone AS (
        DELETE FROM sedcard_renders r
         WHERE r.profile_id IN (SELECT o.profile_id FROM sedcard_renders o
                                 WHERE o.rendered_at < now() - make_interval(days => p_days)
                                 ORDER BY o.rendered_at LIMIT p_limit)
           AND r.rendered_at < now() - make_interval(days => p_days)
        RETURNING r.storage_key)
    SELECT array_agg(storage_key) INTO v_keys FROM gone;
    IF v_keys IS NULL THEN
        RETURN 0;
    END IF;
    INSERT INTO queue_jobs (kind, payload, idempotency_key)
    VALUES ('media', jsonb_build_object('keys', to_jsonb(v_keys)), 'media_remove:sedcard-sweep:' || gen_random_uuid());
    RETURN cardinality(v_keys);
END;
$$;
