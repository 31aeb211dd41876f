-- 0080_applicant_review.sql
-- Applicants as their organization handles them (docs/candidate-actions.md, "Applicants"): the
-- statuses an organization member sets with an optional message to the candidate, and the log of
-- every view of a candidate's application by a provider.
-- Owned by actors/applications/.

ALTER TYPE application_status ADD VALUE IF NOT EXISTS 'shortlisted';
ALTER TYPE application_status ADD VALUE IF NOT EXISTS 'invited';
ALTER TYPE application_status ADD VALUE IF NOT EXISTS 'hired';

-- The message of the last status change (mailed to the candidate with it) and when it was made.
ALTER TABLE applications
    ADD COLUMN status_message text CHECK (length(status_message) <= 2000),
    ADD COLUMN status_changed_at timestamptz;

-- GET /organizations/{id}/applications?jobPosting=&status=: an organization's applications by job,
-- newest first (applications_job_idx serves one job).
CREATE INDEX IF NOT EXISTS applications_status_idx ON applications (job_posting_id, status, created_at DESC);

-- Each time a provider opened an application (GET /applications/{id}): who, for which
-- organization, when. Kept with the application (deleted with it, and so with the candidate).
CREATE TABLE application_views (
    id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    application_id  bigint NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
    organization_id bigint NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    viewer_id       bigint REFERENCES accounts (id) ON DELETE SET NULL,
    viewed_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX application_views_application_idx ON application_views (application_id, viewed_at DESC);
