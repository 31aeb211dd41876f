-- 0002_job_queue.sql
-- The durable work queue ("outbox") that the worker processes drain: mail, alerts, sedcard,
-- webhooks. A row is written by reactor/job_queue.h inside the transaction of the change that
-- causes the work, so a job exists exactly when that change committed. Workers (workers/) claim
-- rows with FOR UPDATE SKIP LOCKED and a lease; see docs/queue.md.
--
-- Named queue_jobs, not jobs, so it is never confused with job postings.

CREATE TABLE queue_jobs (
    id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    -- The worker kind that runs it: 'mail', 'webhooks', 'alerts', 'sedcard', 'noop'.
    kind            text NOT NULL CHECK (kind ~ '^[a-z][a-z0-9_]*$' AND length(kind) <= 40),
    payload         jsonb NOT NULL DEFAULT '{}'::jsonb,
    -- Unique: enqueueing the same key twice is a no-op (ON CONFLICT DO NOTHING), and the mail
    -- worker derives the Message-ID from it, so a retried side effect is recognisable.
    idempotency_key text NOT NULL UNIQUE CHECK (length(idempotency_key) BETWEEN 1 AND 200),
    -- pending: waiting for run_at; running: claimed, leased until locked_until;
    -- done: finished; dead: failed permanently or ran out of attempts (see last_error).
    status          text NOT NULL DEFAULT 'pending'
                    CHECK (status IN ('pending', 'running', 'done', 'dead')),
    -- Not before this time (the schedule, or the next retry after a backoff).
    run_at          timestamptz NOT NULL DEFAULT now(),
    -- Claims so far, including the current one. Also the fencing token: a worker records an
    -- outcome only while the row still carries the attempt number it claimed.
    attempts        integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    -- The lease of a running job. A worker that died leaves it behind; once it has passed, the
    -- job is claimed again.
    locked_until    timestamptz,
    locked_by       text,
    last_error      text,
    -- clock_timestamp(), not now(): the bench measures enqueue-to-start from these.
    created_at      timestamptz NOT NULL DEFAULT clock_timestamp(),
    started_at      timestamptz,
    finished_at     timestamptz,
    CHECK ((status = 'running') = (locked_until IS NOT NULL))
);

-- The claim index: a job is due when its lease has run out (running) or its run_at has come
-- (pending). One expression covers both, so one ordered index scan finds the next due jobs of a
-- kind and SKIP LOCKED steps over the ones another worker is claiming right now.
CREATE INDEX queue_jobs_due ON queue_jobs (kind, (coalesce(locked_until, run_at)))
    WHERE status IN ('pending', 'running');

-- `jobhafen admin jobs --dead`, and purging old finished rows.
CREATE INDEX queue_jobs_dead ON queue_jobs (finished_at) WHERE status = 'dead';
CREATE INDEX queue_jobs_done ON queue_jobs (finished_at) WHERE status = 'done';
