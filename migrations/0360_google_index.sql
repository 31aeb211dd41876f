-- 0360_google_index.sql: the outbox of the Google Indexing API (issue 44 item 2; docs/reach.md,
-- "Google Indexing API"). Every change that makes a job visible on its public page, changes what
-- the page shows, or takes the page down queues a `google_index` job in the transaction of the
-- change (triggers on job_postings, so every path is covered: the provider's editor, publish,
-- close, the review hold, an organization blocked or approved, a bulk loader). The worker
-- (workers/google_index/) reads the job's state when it sends, so several changes before the
-- sending become one notification of the latest state.
--
-- Off unless a google_index worker with a service account runs: that worker writes
-- google_index_switch.enabled at its start (true with google_index.service_account_file set,
-- false without), and while it is false the triggers queue nothing.

CREATE TABLE google_index_switch (
    only_row   boolean PRIMARY KEY DEFAULT true CHECK (only_row),
    enabled    boolean NOT NULL DEFAULT false,
    changed_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO google_index_switch DEFAULT VALUES;
COMMENT ON TABLE google_index_switch IS 'One row: whether job changes are queued for the Google Indexing API (written by the google_index worker at its start).';

-- Coalescing looks for a job's pending notification: one index entry per waiting notification.
CREATE INDEX queue_jobs_google_index_pending ON queue_jobs (((payload ->> 'job')::bigint))
    WHERE kind = 'google_index' AND status = 'pending';

-- Live on its public page, as far as the job's own row says (an organization that is not live has
-- its jobs held, 0172): published, not closed, not held, not waiting for review, not expired.
CREATE FUNCTION jh_google_index_live(p_published boolean, p_active boolean, p_held_at timestamptz,
                                     p_review_since timestamptz, p_valid_through timestamptz) RETURNS boolean
LANGUAGE sql STABLE PARALLEL SAFE
RETURN p_published AND p_active AND p_held_at IS NULL AND p_review_since IS NULL
       AND (p_valid_through IS NULL OR p_valid_through > now());

-- Queues one notification per job unless one is already waiting (that one will read the latest
-- state when it runs), and for a live job with an end date one more at that date, so the page's
-- expiry (no row changes then) reaches Google too.
CREATE FUNCTION jh_google_index_enqueue(p_ids bigint[], p_slugs text[]) RETURNS void
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
       AND j.valid_through IS NOT NULL
    ON CONFLICT (idempotency_key) DO NOTHING;
END;
$$;

-- Which rows of a statement Google must hear about: a job that is live now or was live before
-- the statement; between two live states only a change of what the page shows (any column but
-- the bookkeeping ones), so a statement that rewrites nothing visible sends nothing.
CREATE FUNCTION jh_google_index_jobs_changed() RETURNS trigger
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
         WHERE jh_google_index_live(n.is_published, n.active, n.held_at, n.review_since, n.valid_through);
    ELSIF TG_OP = 'DELETE' THEN
        SELECT array_agg(o.id), array_agg(o.slug) INTO ids, slugs
          FROM old_rows o
         WHERE jh_google_index_live(o.is_published, o.active, o.held_at, o.review_since, o.valid_through);
    ELSE
        SELECT array_agg(n.id), array_agg(n.slug) INTO ids, slugs
          FROM new_rows n JOIN old_rows o ON o.id = n.id
         WHERE (jh_google_index_live(n.is_published, n.active, n.held_at, n.review_since, n.valid_through)
                OR jh_google_index_live(o.is_published, o.active, o.held_at, o.review_since, o.valid_through))
           AND (to_jsonb(n) - 'updated_at' - 'search_vector') IS DISTINCT FROM (to_jsonb(o) - 'updated_at' - 'search_vector');
    END IF;
    IF ids IS NOT NULL THEN
        PERFORM jh_google_index_enqueue(ids, slugs);
    END IF;
    RETURN NULL;
END;
$$;

CREATE TRIGGER job_postings_google_index_ins AFTER INSERT ON job_postings
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION jh_google_index_jobs_changed();
CREATE TRIGGER job_postings_google_index_upd AFTER UPDATE ON job_postings
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION jh_google_index_jobs_changed();
CREATE TRIGGER job_postings_google_index_del AFTER DELETE ON job_postings
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION jh_google_index_jobs_changed();
