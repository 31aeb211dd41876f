-- 0387_organization_webhooks.sql: outbound webhooks to a provider's own system (issue 44 item 6,
-- second part; docs/reach.md, "Webhooks"). The organization's owner registers endpoints in the
-- portal (POST /api/organizations/{id}/webhooks, actors/accounts/provider_webhooks.cpp); each new
-- application and each status change of an application to one of the organization's jobs becomes a
-- delivery per subscribed endpoint, queued in the transaction of the change (triggers on
-- applications below, so every path is covered: the apply routes, the pipeline, a job closing,
-- the expiry pass). The `provider_webhooks` worker (workers/webhooks/provider_webhook_handler.cpp)
-- signs and sends each delivery as Standard Webhooks defines, and writes its outcome here.
--
-- The signing secret (`whsec_` + base64 of 32 random bytes) is kept as it is: the worker needs it
-- to sign (an HMAC key cannot be hashed away). Only the owner's answer of the creation shows it.

CREATE TABLE organization_webhooks (
    id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    organization_id bigint NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    url             text NOT NULL CHECK (char_length(url) BETWEEN 8 AND 2000),
    events          text[] NOT NULL CHECK (cardinality(events) BETWEEN 1 AND 2
                                           AND events <@ ARRAY['application.created', 'application.status_changed']),
    secret          text NOT NULL CHECK (secret ~ '^whsec_[A-Za-z0-9+/]{43}=$'),
    created_by      bigint REFERENCES accounts (id) ON DELETE SET NULL,
    created_at      timestamptz NOT NULL DEFAULT now(),
    removed_at      timestamptz
);
COMMENT ON TABLE organization_webhooks IS 'An organization''s webhook endpoints (issue 44 item 6): where its application events are sent, signed with secret.';
CREATE INDEX organization_webhooks_active_idx ON organization_webhooks (organization_id) WHERE removed_at IS NULL;

-- One row per event and endpoint: what was sent (payload: the exact bytes that are signed), with
-- the webhook-id (message_id) that stays the same across retries, and how it went. Kept 30 days
-- (the provider_webhooks worker's hourly housekeeping).
CREATE TABLE organization_webhook_deliveries (
    id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    webhook_id      bigint NOT NULL REFERENCES organization_webhooks (id) ON DELETE CASCADE,
    event_type      text NOT NULL CHECK (event_type IN ('application.created', 'application.status_changed', 'webhook.test')),
    message_id      text NOT NULL UNIQUE CHECK (message_id ~ '^msg_[0-9a-f]{32}$'),
    payload         text NOT NULL CHECK (octet_length(payload) <= 4096),
    attempts        integer NOT NULL DEFAULT 0,
    last_status     integer,
    last_error      text CHECK (char_length(last_error) <= 500),
    next_attempt_at timestamptz,
    delivered_at    timestamptz,
    failed_at       timestamptz,
    created_at      timestamptz NOT NULL DEFAULT now()
);
COMMENT ON TABLE organization_webhook_deliveries IS 'Each webhook event sent (or being sent) to an endpoint, with its outcome; kept 30 days.';
CREATE INDEX organization_webhook_deliveries_log_idx ON organization_webhook_deliveries (webhook_id, created_at DESC, id DESC);
CREATE INDEX organization_webhook_deliveries_age_idx ON organization_webhook_deliveries (created_at);

-- Queues one delivery per endpoint of the organization `org` that subscribed to `type` (a test
-- goes to the one endpoint named by `only_webhook`): the delivery row and its `provider_webhooks`
-- job, in the caller's transaction. `data` is the event's data object. Returns how many.
CREATE FUNCTION jh_provider_webhooks_enqueue(p_org bigint, p_type text, p_data jsonb, p_only_webhook bigint DEFAULT NULL)
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
         WHERE w.organization_id = p_org AND w.removed_at IS NULL
           AND (CASE WHEN p_only_webhook IS NULL THEN p_type = ANY (w.events) ELSE w.id = p_only_webhook END)
        RETURNING id
    ), q AS (
        INSERT INTO queue_jobs (kind, payload, idempotency_key)
        SELECT 'provider_webhooks', jsonb_build_object('delivery', d.id), 'provider-webhook:' || d.id FROM d
        RETURNING 1
    )
    SELECT count(*) INTO n FROM q;
    RETURN n;
END;
$$;

-- New applications and status changes of the statement, for the organizations that have an
-- endpoint at all (one cheap look first: most organizations have none). The data is what the
-- organization's own GET /api/applications/{id} shows of the application, ids and status only:
-- the provider's system fetches the rest with an API key (applications:read).
CREATE FUNCTION jh_provider_webhooks_applications_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
    e record;
BEGIN
    IF NOT EXISTS (SELECT 1 FROM organization_webhooks WHERE removed_at IS NULL) THEN
        RETURN NULL;
    END IF;
    IF TG_OP = 'INSERT' THEN
        FOR e IN SELECT j.organization_id AS org, n.id, n.job_posting_id, n.status::text AS status
                   FROM new_rows n JOIN job_postings j ON j.id = n.job_posting_id
                  WHERE EXISTS (SELECT 1 FROM organization_webhooks w WHERE w.organization_id = j.organization_id AND w.removed_at IS NULL)
                  ORDER BY n.id LOOP
            PERFORM jh_provider_webhooks_enqueue(e.org, 'application.created',
                jsonb_build_object('applicationId', e.id, 'jobPostingId', e.job_posting_id, 'status', e.status));
        END LOOP;
    ELSE
        FOR e IN SELECT j.organization_id AS org, n.id, n.job_posting_id, n.status::text AS status, o.status::text AS previous
                   FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN job_postings j ON j.id = n.job_posting_id
                  WHERE n.status IS DISTINCT FROM o.status
                    AND EXISTS (SELECT 1 FROM organization_webhooks w WHERE w.organization_id = j.organization_id AND w.removed_at IS NULL)
                  ORDER BY n.id LOOP
            PERFORM jh_provider_webhooks_enqueue(e.org, 'application.status_changed',
                jsonb_build_object('applicationId', e.id, 'jobPostingId', e.job_posting_id, 'status', e.status,
                                   'previousStatus', e.previous));
        END LOOP;
    END IF;
    RETURN NULL;
END;
$$;

CREATE TRIGGER applications_provider_webhooks_ins AFTER INSERT ON applications
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION jh_provider_webhooks_applications_changed();
CREATE TRIGGER applications_provider_webhooks_upd AFTER UPDATE ON applications
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION jh_provider_webhooks_applications_changed();
