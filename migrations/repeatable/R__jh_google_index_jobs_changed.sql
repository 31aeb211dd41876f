-- R__jh_google_index_jobs_changed.sql: the current definition of jh_google_index_jobs_changed
-- (first in 0360_google_index.sql).
-- A repeatable migration: edit this file to change the function; it is re-applied when its
-- checksum changes (docs/running.md, "Migrations").
-- Which rows of a statement Google must hear about: a job whose page Google should know now or
-- knew before the statement, i.e. live (jh_google_index_live) with the channel `google` chosen
-- (0380_publication_channels.sql, issue 44 item 5). Between two such states only a change of a
-- column but the bookkeeping ones, so a statement that rewrites nothing visible sends nothing. A
-- provider deselecting `google` on a live job changes publication_channels: known before, not
-- after, so it is queued and the worker, reading the job then, sends URL_DELETED; choosing it
-- again queues URL_UPDATED. A job that never had `google` is never queued.
CREATE OR REPLACE FUNCTION jh_google_index_jobs_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
    ids bigint[];
    slugs text[];
BEGIN
    IF NOT coalesce((SELECT s.enabled FROM google_index_switch s), false) THEN
        RETURN NULL;
    END IF;
    IF TG_OP = 'INSERT' THEN
        SELECT array_agg(n.id), array_agg(n.slug) INTO ids, slugs
          FROM new_rows n
         WHERE jh_google_index_live(n.is_published, n.active, n.held_at, n.review_since, n.valid_through)
           AND 'google' = ANY (n.publication_channels);
    ELSIF TG_OP = 'DELETE' THEN
        SELECT array_agg(o.id), array_agg(o.slug) INTO ids, slugs
          FROM old_rows o
         WHERE jh_google_index_live(o.is_published, o.active, o.held_at, o.review_since, o.valid_through)
           AND 'google' = ANY (o.publication_channels);
    ELSE
        SELECT array_agg(n.id), array_agg(n.slug) INTO ids, slugs
          FROM new_rows n JOIN old_rows o ON o.id = n.id
         WHERE ((jh_google_index_live(n.is_published, n.active, n.held_at, n.review_since, n.valid_through)
                 AND 'google' = ANY (n.publication_channels))
                OR (jh_google_index_live(o.is_published, o.active, o.held_at, o.review_since, o.valid_through)
                    AND 'google' = ANY (o.publication_channels)))
           AND (to_jsonb(n) - 'updated_at' - 'search_vector') IS DISTINCT FROM (to_jsonb(o) - 'updated_at' - 'search_vector');
    END IF;
    IF ids IS NOT NULL THEN
        PERFORM jh_google_index_enqueue(ids, slugs);
    END IF;
    RETURN NULL;
END;
$$;
