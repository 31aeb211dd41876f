-- 0100_job_views_index.sql
-- The provider portal's "views of your jobs in the last 30 days" (GET
-- /organizations/{id}/dashboard, actors/applications/): the job detail pages' tracking
-- events, looked up by the job id the page sent, newest first. Partial: only that one event.
-- Owned by actors/applications/.
CREATE INDEX IF NOT EXISTS tracking_events_job_views_idx
    ON tracking_events ((payload->>'jobPostingId'), created_at)
 WHERE event = 'job_details_viewed';
