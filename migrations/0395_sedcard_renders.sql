-- 0395: the last rendering of each sedcard PDF, kept so that a repeated download of an unchanged
-- sedcard is served without asking the render worker again (issue 45 item 4; docs/sedcard.md
-- "The PDF", docs/decisions.md "Kept sedcard PDFs").
--
-- One row per profile: the PDF of its newest rendering lives on disk as
-- var/media/profiles/<storage_key> (like every other file of the sedcard), keyed here by `version`,
-- a SHA-256 over everything the PDF shows (the render model, the portrait's file, the render code):
-- a download whose version differs renders anew and replaces the row, the old file's removal queued
-- for the media worker in the same transaction. The row goes with its profile (ON DELETE CASCADE);
-- an account's deletion queues the file's removal with the account's other files
-- (actors/profiles/media_cleanup.cpp).
CREATE TABLE sedcard_renders (
    profile_id   bigint PRIMARY KEY REFERENCES candidate_profiles (id) ON DELETE CASCADE,
    version      text NOT NULL CHECK (version ~ '^[0-9a-f]{64}$'),
    storage_key  text NOT NULL UNIQUE CHECK (storage_key ~ '^[0-9a-f]{32}$'),
    bytes        integer NOT NULL CHECK (bytes > 0 AND bytes <= 8388608),
    rendered_at  timestamptz NOT NULL DEFAULT now()
);
COMMENT ON TABLE sedcard_renders IS 'The newest rendering of a sedcard PDF per profile, its file var/media/profiles/<storage_key> (docs/sedcard.md).';
