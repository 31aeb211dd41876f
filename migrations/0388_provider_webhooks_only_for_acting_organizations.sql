-- 0388: provider webhooks are queued only for an organization that may act (approved, not
-- rejected, not blocked): a blocked organization acts on nothing, its own system included
-- (docs/reach.md "Webhooks"). The worker checks the same again at delivery time, for events
-- queued before a block.
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
