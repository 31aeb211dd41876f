-- R__jh_google_index_enqueue.sql: the current definition of jh_google_index_enqueue
-- (first in 0360_google_index.sql).
-- A repeatable migration: edit this file to change the function; it is re-applied when its
-- checksum changes (docs/running.md, "Migrations").
-- Queues one notification per job unless one is already waiting (that one will read the latest
-- state when it runs), and for a live job with an end date and the channel `google` chosen
-- (0380_publication_channels.sql) one more at that date, so the page's expiry (no row changes
-- then) reaches Google too.
CREATE OR REPLACE FUNCTION jh_google_index_enqueue(p_ids bigint[], p_slugs text[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO queue_jobs (kind, payload, idempotency_key)
    SELECT 'google_index', jsonb_build_object('job', c.id, 'slug', c.slug),
           'google-index:' || c.id || ':' || gen_random_uuid()
      FROM unnest(p_ids, p_slugs) AS c (id, slug)
     WHERE NOT EXISTS (SELECT 1 FROM queue_jobs q
                        WHERE q.kind = 'google_index' AND q.status = 'pending'
                          AND (q.payload ->> 'job')::bigint = c.id AND NOT q.payload ? 'expiry');
    INSERT INTO queue_jobs (kind, payload, idempotency_key, run_at)
    SELECT 'google_index', jsonb_build_object('job', j.id, 'slug', j.slug, 'expiry', true),
           'google-index-expiry:' || j.id || ':' || floor(extract(epoch FROM j.valid_through))::bigint,
           j.valid_through
      FROM job_postings j
     WHERE j.id = ANY (p_ids)
       AND jh_google_index_live(j.is_published, j.active, j.held_at, j.review_since, j.valid_through)
       AND 'google' = ANY (j.publication_channels)
       AND j.valid_through IS NOT NULL
    ON CONFLICT (idempotency_key) DO NOTHING;
END;
$$;
