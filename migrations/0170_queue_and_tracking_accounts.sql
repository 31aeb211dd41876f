-- 0170_queue_and_tracking_accounts.sql
-- The account a queue job or a tracking event belongs to, so that deleting an account selects its
-- rows by id (0171_deletion_by_account.sql has the rules that fill and use these columns). Only
-- columns here: the queue's and tracking's own tests migrate these tables without the accounts.

-- The account a queue job is for: the recipient of a mail, the sender of a forwarded tracking
-- event. NULL when no account is involved (a visitor's contact form, the workers' maintenance).
-- No foreign key: a finished job outlives nothing, and the deletion removes the rows itself.
ALTER TABLE queue_jobs ADD COLUMN account_id bigint;
CREATE INDEX queue_jobs_account_idx ON queue_jobs (account_id) WHERE account_id IS NOT NULL;

-- The signed-in account that sent a tracking event (from its verified access token, never from
-- the body); NULL for visitors.
ALTER TABLE tracking_events ADD COLUMN account_id bigint;
CREATE INDEX tracking_events_account_idx ON tracking_events (account_id) WHERE account_id IS NOT NULL;
