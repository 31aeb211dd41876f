-- 0003_tracking_events.sql
-- Tracking events received at POST /api/webhook/{event} (actors/tracking/). Each stored event is
-- also forwarded to the configured webhook endpoint by the `webhooks` worker through a
-- queue_jobs row written in the same transaction.
--
-- The payload holds what the spec lists for a tracking call: cookies, queryParams, url, referrer,
-- device {userAgent, ssr}, ip, and the event's own fields. It is personal data: keep it only as
-- long as the analysis needs it (a purge job comes with the privacy issue).

CREATE TABLE tracking_events (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    event       text NOT NULL CHECK (event ~ '^[a-z][a-z_]*$' AND length(event) <= 64),
    payload     jsonb NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX tracking_events_event_created ON tracking_events (event, created_at);
CREATE INDEX tracking_events_created ON tracking_events (created_at);
