-- 0060_job_alerts_like_search.sql
-- A job alert means what its search showed: the alert keeps every flag of the filter as given
-- (top_job=0 lists only jobs that are not top jobs, as the search does) and the instant-teaser flag,
-- which it did not store before. Existing alerts keep their values (only true was ever stored).
ALTER TABLE job_alerts ADD COLUMN instant_teaser_job boolean;
