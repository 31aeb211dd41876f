-- 0394: lanes in the job queue, so one organization's slow webhook receiver cannot hold back
-- another organization's events (issue 44, review 26b; docs/reach.md "Webhooks", docs/queue.md).
--
-- A job may name a lane. The claim of a kind that runs jobs side by side
-- (job_handler::parallel_runs, workers/job_store.cpp) takes a laned job only while no other job of
-- its lane is running under a live lease and no older due job of the lane waits: at most one job
-- per lane is in flight, oldest first, so the lane's order is kept as before. Jobs without a lane
-- (every other kind) are claimed as they always were.
--
-- provider_webhooks jobs run in the lane of their organization ('organization:<id>'): a receiver
-- that holds each request until webhook.timeout_ms occupies one of the worker's parallel slots, not
-- the whole queue.
ALTER TABLE queue_jobs ADD COLUMN lane text CHECK (length(lane) <= 100);
COMMENT ON COLUMN queue_jobs.lane IS 'Jobs of one lane run one at a time, oldest first (workers/job_store.cpp, the parallel claim); NULL: no lane.';

-- The claim's look at the other jobs of a lane: only the open ones count.
CREATE INDEX queue_jobs_lane_open ON queue_jobs (kind, lane) WHERE lane IS NOT NULL AND status IN ('pending', 'running');

-- The deliveries already queued join their organization's lane.
UPDATE queue_jobs q SET lane = 'organization:' || w.organization_id
  FROM organization_webhook_deliveries d JOIN organization_webhooks w ON w.id = d.webhook_id
 WHERE q.kind = 'provider_webhooks' AND q.status IN ('pending', 'running') AND q.idempotency_key = 'provider-webhook:' || d.id;

-- As 0388, with the job's lane.
CREATE OR REPLACE FUNCTION jh_provider_webhooks_enqueue(p_org bigint, p_type text, p_data jsonb, p_only_webhook bigint DEFAULT NULL)
RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
    n integer;
BEGIN
    WITH d AS (
        INSERT INTO organization_webhook_deliveries (webhook_id, event_type, message_id, payload, next_attempt_at)
        SELECT w.id, p_type, 'msg_' || replace(gen_random_uuid()::text, '-', ''),
               jsonb_build_object('type', p_type, 'timestamp', to_json(now())#>>'{}', 'data', p_data)::text, now()
          FROM organization_webhooks w
          JOIN organizations o ON o.id = w.organization_id
         WHERE w.organization_id = p_org AND w.removed_at IS NULL
           AND o.active AND o.approved_at IS NOT NULL AND o.rejected_at IS NULL
           AND (CASE WHEN p_only_webhook IS NULL THEN p_type = ANY (w.events) ELSE w.id = p_only_webhook END)
        ORDER BY w.id
        RETURNING id
    ), q AS (
        INSERT INTO queue_jobs (kind, payload, idempotency_key, lane)
        SELECT 'provider_webhooks', jsonb_build_object('delivery', d.id), 'provider-webhook:' || d.id, 'organization:' || p_org
          FROM d ORDER BY d.id
        RETURNING 1
    )
    SELECT count(*) INTO n FROM q;
    RETURN n;
END;
$$;
