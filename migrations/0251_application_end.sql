-- 0251_application_end.sql
-- When an application ended and when its provider's side was anonymized (issue 42 item 4,
-- docs/fair-play.md "Applications are kept no longer than needed").
--
-- * ended_at: the moment the application ended, the start of the organization's retention
--   period. An application ends when it is declined: by the provider, or by its job closing or
--   expiring (both decline every open application, R__jh_answer_open_applications.sql). Set by the
--   trigger below on every way a status is written; a declined application taken back (another
--   status) is open again and its clock stops.
-- * anonymized_at: when the worker's pass removed the provider's side (jh_anonymize_ended_applications).
--   The row stays for the organization's counts and the candidate's own list.
ALTER TABLE applications
    ADD COLUMN ended_at timestamptz,
    ADD COLUMN anonymized_at timestamptz;
COMMENT ON COLUMN applications.ended_at IS 'When the application ended (declined, also by its job closing); the retention clock starts here.';
COMMENT ON COLUMN applications.anonymized_at IS 'When the organization''s side was anonymized after its retention period (docs/fair-play.md).';

-- The one rule for the end: a status write to declined starts the clock once, any other status stops it.
CREATE FUNCTION jh_applications_end() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.status = 'declined' THEN
        NEW.ended_at := coalesce(NEW.ended_at, now());
    ELSE
        NEW.ended_at := NULL;
    END IF;
    RETURN NEW;
END;
$$;
CREATE TRIGGER applications_end BEFORE UPDATE OF status ON applications
    FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION jh_applications_end();

-- The applications declined before this migration ended when their status last changed. Their
-- updated_at stays as it was (the touch trigger would set it to now).
ALTER TABLE applications DISABLE TRIGGER applications_touch_updated_at;
UPDATE applications SET ended_at = coalesce(status_changed_at, updated_at) WHERE status = 'declined';
ALTER TABLE applications ENABLE TRIGGER applications_touch_updated_at;

-- The pass's scan: ended, not yet anonymized, oldest first.
CREATE INDEX applications_retention_idx ON applications (ended_at) WHERE ended_at IS NOT NULL AND anonymized_at IS NULL;
