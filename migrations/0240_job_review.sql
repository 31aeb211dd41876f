-- 0240_job_review.sql
-- The AGG check of a job's text and the administrators' review (issue 42 item 3;
-- docs/fair-play.md "Wording", docs/decisions.md "Where the AGG check draws the line").
--
-- A job whose text has findings of the check (actors/jobs/wording_rules.h) and that its provider
-- publishes anyway waits for an administrator: review_since is set and is_published stays false,
-- so every reader that asks is_published (the job page, search and the job index, alerts, the
-- sitemap and feeds, applying) leaves it out without knowing about reviews, as with held jobs
-- (0172). An administrator releases it (published, the findings it had are remembered as
-- released, so a later change with only those findings stays live) or rejects it with a reason the
-- provider receives by mail (the job goes back to draft or paused). Written by the job editor
-- (actors/jobs/job_postings_editor.cpp) and by jh_job_review_release / jh_job_review_reject
-- (migrations/repeatable/R__jh_job_review.sql), which the web and `jobhafen admin jobs review` call.
ALTER TABLE job_postings
    ADD COLUMN review_since timestamptz,
    ADD COLUMN review_findings jsonb,
    ADD COLUMN review_released jsonb,
    ADD COLUMN review_rejected_at timestamptz,
    ADD COLUMN review_rejection text CHECK (length(review_rejection) <= 2000),
    ADD CONSTRAINT job_postings_review_unpublished CHECK (review_since IS NULL OR NOT is_published);
COMMENT ON COLUMN job_postings.review_since IS 'Waiting for an administrator since (AGG wording check); the job is not published meanwhile.';
COMMENT ON COLUMN job_postings.review_findings IS 'The findings of the wording check when the job was sent to review (a JSON array).';
COMMENT ON COLUMN job_postings.review_released IS 'The finding keys (rule|field|words) an administrator released; a change with only these stays live.';
COMMENT ON COLUMN job_postings.review_rejection IS 'The reason of the last rejection by an administrator, mailed to the provider.';

-- The queue, oldest first.
CREATE INDEX job_postings_review_idx ON job_postings (review_since, id) WHERE review_since IS NOT NULL;
