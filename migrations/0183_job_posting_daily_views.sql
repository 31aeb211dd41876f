-- 0183_job_posting_daily_views.sql
-- Views of a job's page counted on the server, without cookies and without personal data (issue
-- 29, "Views counted honestly"): one row per job and Berlin calendar day, a number and nothing
-- else (no address, no visitor id, no account). The job page asks POST /api/job_postings/{id}/views
-- once per page view; the jobs actor (actors/jobs/job_views.cpp) alone writes this table, the
-- provider's job list (jh_provider_job_json) and the dashboard (actors/applications/) read it.
-- Why the page and not the detail API: docs/decisions.md, "Job views counted on the server".
CREATE TABLE job_posting_daily_views (
    job_posting_id bigint  NOT NULL REFERENCES job_postings (id) ON DELETE CASCADE,
    day            date    NOT NULL,
    views          integer NOT NULL CHECK (views > 0),
    PRIMARY KEY (job_posting_id, day)
);
COMMENT ON TABLE job_posting_daily_views IS
  'Job page views per job and Berlin day, counted without cookies or personal data (issue 29). Written by actors/jobs/ only.';

-- The dashboard's number no longer reads the tracking events (they need consent), so their
-- index from 0100 has no reader left.
DROP INDEX IF EXISTS tracking_events_job_views_idx;
