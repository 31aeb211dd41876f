-- 0380_publication_channels.sql: the channels a job is published in, chosen per job (issue 44
-- item 5; docs/reach.md, "Kanäle pro Anzeige"). The operator's list of channels, each with its
-- German name, a short German description and its price per ad, read by the job editor
-- (GET /api/publication_channels, actors/jobs/job_postings_editor.cpp); per job the slugs its
-- provider chose (job_postings.publication_channels, written by the same editor). The Indeed feed
-- (actors/jobs/indeed_feed.cpp) lists a job only with `indeed` chosen, the Google indexing worker
-- (workers/google_index/, fed by R__jh_google_index_jobs_changed.sql) notifies Google only of a job
-- with `google` chosen.
--
-- Three channels are shipped and cost nothing: `jobhafen` (the site itself: always on, a job
-- cannot leave it), `google` and `indeed`. The operator adds further ones by SQL (docs/reach.md);
-- a channel is retired by `active = false` (no longer offered), never deleted: jobs keep its slug.

CREATE TABLE publication_channels (
    slug        text PRIMARY KEY CHECK (slug ~ '^[a-z][a-z0-9_-]{0,39}$'),
    name        text NOT NULL CHECK (char_length(btrim(name)) BETWEEN 1 AND 100),
    description text NOT NULL DEFAULT '' CHECK (char_length(description) <= 500),
    -- Euro cents per ad (one job published in the channel); 0 is "kostenlos".
    price_cents integer NOT NULL DEFAULT 0 CHECK (price_cents BETWEEN 0 AND 100000000),
    active      boolean NOT NULL DEFAULT true,
    sort_order  integer NOT NULL DEFAULT 100,
    created_at  timestamptz NOT NULL DEFAULT now(),
    updated_at  timestamptz NOT NULL DEFAULT now(),
    -- The site itself is part of every job: it cannot be retired nor cost anything.
    CHECK (slug <> 'jobhafen' OR (active AND price_cents = 0))
);
COMMENT ON TABLE publication_channels IS 'The channels a provider chooses per job (issue 44 item 5): Jobhafen itself, Google, Indeed and the operator''s further ones, with their price per ad.';
CREATE TRIGGER publication_channels_touch BEFORE UPDATE ON publication_channels
    FOR EACH ROW EXECUTE FUNCTION jh_touch_updated_at();

INSERT INTO publication_channels (slug, name, description, price_cents, sort_order) VALUES
    ('jobhafen', 'Jobhafen',
     'Ihre Stellenanzeige auf Jobhafen: in der Jobsuche, auf Ihrer Unternehmensseite und in den Job-Alerts.', 0, 0),
    ('google', 'Google for Jobs',
     'Google erfährt sofort, wenn Ihre Anzeige erscheint, sich ändert oder endet, und zeigt sie in der Jobsuche von Google.', 0, 10),
    ('indeed', 'Indeed',
     'Ihre Anzeige steht in unserem Stellen-Feed, den Indeed regelmäßig abruft und in seiner Jobsuche zeigt.', 0, 20);

-- What a job gets without a choice: every active channel that costs nothing (a paid channel is
-- chosen only by its provider). The column default below, so every path that creates a job (the
-- editor, a duplicate, the seeder, a bulk loader) starts with it.
CREATE FUNCTION jh_default_publication_channels() RETURNS text[]
LANGUAGE sql STABLE
AS $$
    SELECT ARRAY(SELECT slug FROM publication_channels WHERE active AND price_cents = 0 ORDER BY sort_order, slug)
$$;

-- Existing jobs get the default once (the shipped three), so they keep today's reach: on Jobhafen,
-- in the Indeed feed, notified to Google. At most 20 channels, Jobhafen always among them.
ALTER TABLE job_postings
    ADD COLUMN publication_channels text[] NOT NULL DEFAULT jh_default_publication_channels()
        CHECK ('jobhafen' = ANY (publication_channels) AND cardinality(publication_channels) <= 20);
COMMENT ON COLUMN job_postings.publication_channels IS 'The slugs of the publication_channels its provider chose (always jobhafen); the Indeed feed reads indeed, the Google indexing triggers and worker google.';
