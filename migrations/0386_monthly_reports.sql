-- 0386_monthly_reports.sql: the monthly report of an organization (issue 44 item 8; docs/reach.md,
-- "Monatsbericht"). The report itself is computed on request from the tables it counts
-- (migrations/repeatable/R__jh_monthly_report.sql); what is stored here is only that the report
-- mail of one organization and month was queued, so the mail worker's pass queues it exactly once
-- however often it runs, and two workers running it at once queue it once (the primary key: the
-- second INSERT waits for the first and then does nothing). Written by the mail worker's pass
-- (jh_monthly_report_mails) only.
CREATE TABLE organization_report_mails (
    organization_id bigint NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    month           date   NOT NULL CHECK (extract(day FROM month) = 1),
    queued_at       timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (organization_id, month)
);
COMMENT ON TABLE organization_report_mails IS
  'The monthly report mails queued, one row per organization and month (issue 44 item 8). Written by jh_monthly_report_mails only.';

-- The report counts the shifts of a month through their job (shifts_job_idx: job, starts_at) and
-- the applications through theirs (applications_forwarded_idx: job, forwarded_at); the views are
-- the daily rows' primary key (job, day); the provider's first message through
-- application_messages_thread_idx. No further index is needed.
