-- 0160_queue_request_id.sql
-- The id of the HTTP request that queued a job (X-Request-Id, reactor/request_id.h), so a worker's
-- log lines for the job can be found next to the server's lines for that request. NULL for jobs
-- queued outside a request (the workers' own maintenance, admin commands). The server only ever
-- writes ids of at most 64 safe characters; the check keeps it so.
ALTER TABLE queue_jobs ADD COLUMN request_id text CHECK (length(request_id) <= 64);
