-- 0381_built_in_channels_stay.sql: the shipped channels Google and Indeed cannot be retired in the
-- channel list (review 24, finding 6). Retiring a channel only stops offering it in the editor; for
-- these two the feed and the indexing worker would have gone on publishing the jobs that chose
-- them while the editor showed them as not chosen. The site-wide switches are elsewhere: the Google
-- Indexing API is off unless configured (google_index.service_account_file), and each organization
-- opts out of the Indeed feed on its profile (organizations.indeed_feed). Nor can they cost
-- anything: nothing bills for them (docs/reach.md, "Kanäle pro Anzeige").
ALTER TABLE publication_channels
    ADD CONSTRAINT publication_channels_built_in_stay
        CHECK (slug NOT IN ('google', 'indeed') OR (active AND price_cents = 0));
