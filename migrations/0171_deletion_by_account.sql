-- 0171_deletion_by_account.sql
-- Deleting an account removes exactly its own rows (docs/decisions.md, "Deleting an account").
-- Until now the deletion searched queued mails and tracking events for the address as a substring:
-- deleting e123@example.org also deleted the pending mail of jane123@example.org. Queue jobs and
-- tracking events now carry the account they belong to (0170), and the deletion selects them by
-- that id. Owned by actors/accounts/ (the deletion) and actors/tracking/ (who sent an event).

-- Every way into queue_jobs (job_queue::enqueue, the alerts worker's digests, jh_release_held_jobs)
-- gets its account here, in one place: a mail belongs to the account of its exact recipient
-- address, a forwarded tracking event to the event's sender.
CREATE FUNCTION jh_queue_jobs_account() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.account_id IS NULL THEN
        IF NEW.kind = 'mail' AND jsonb_typeof(NEW.payload->'to') = 'string' AND length(NEW.payload->>'to') <= 254 THEN
            SELECT a.id INTO NEW.account_id FROM accounts a WHERE a.email = (NEW.payload->>'to')::citext;
        ELSIF NEW.kind = 'webhooks' AND (NEW.payload->>'eventId') ~ '^[0-9]{1,18}$' THEN
            SELECT e.account_id INTO NEW.account_id FROM tracking_events e WHERE e.id = (NEW.payload->>'eventId')::bigint;
        END IF;
    END IF;
    RETURN NEW;
END;
$$;

CREATE TRIGGER queue_jobs_account BEFORE INSERT ON queue_jobs FOR EACH ROW EXECUTE FUNCTION jh_queue_jobs_account();

-- What is already there: mails by their recipient, events by the account id their body named
-- (what the deletion matched before), forwarded events by their event.
UPDATE queue_jobs j SET account_id = a.id
  FROM accounts a
 WHERE j.kind = 'mail' AND jsonb_typeof(j.payload->'to') = 'string' AND length(j.payload->>'to') <= 254
   AND a.email = (j.payload->>'to')::citext;
UPDATE tracking_events SET account_id = (payload->>'accountId')::bigint
 WHERE (payload->>'accountId') ~ '^[0-9]{1,18}$';
UPDATE queue_jobs j SET account_id = e.account_id
  FROM tracking_events e
 WHERE j.kind = 'webhooks' AND (j.payload->>'eventId') ~ '^[0-9]{1,18}$' AND e.id = (j.payload->>'eventId')::bigint
   AND e.account_id IS NOT NULL;

-- Whether `p_text` names the address `p_address` as a whole: not as the tail of a longer address
-- (jane123@example.org does not name e123@example.org) nor as the head of a longer domain
-- (e123@example.org.uk). For the rows that belong to no account but may hold a visitor's address
-- (a tracking event of a form sent before logging in); case-insensitive, like addresses.
CREATE FUNCTION jh_text_names_address(p_text text, p_address text) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN strpos(lower(p_text), lower(p_address)) > 0
   AND lower(p_text) ~ ('(^|[^a-z0-9._%+-])'
                        || regexp_replace(lower(p_address), '([^a-z0-9@])', '\\\1', 'g')
                        || '($|[^a-z0-9_.-]|\.($|[^a-z0-9]))');

-- The one rule for "this queue job or tracking event is the account's" (the deletion and the
-- export ask it alike): its account is the account, or it has none and names the address.
CREATE FUNCTION jh_row_of_account(p_row_account bigint, p_payload jsonb, p_account bigint, p_address text) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN p_row_account = p_account OR (p_row_account IS NULL AND jh_text_names_address(p_payload::text, p_address));
