-- R__jh_shift_refill.sql: the refill of a full shift from its waitlist (issue 43, item 6;
-- docs/shifts.md "Waitlist and refill"). Table: migrations/0230_shift_waitlist.sql. A repeatable
-- migration: edit this file to change it.
--
-- Called in the transaction that frees a place (actors/shifts/shift_refill.cpp: a withdrawal, a
-- confirmed choice declined, an offer left) and by the mail worker's minute pass
-- (jh_shift_refill_pass below, workers/retention.cpp): one rule for both, written once here.

-- The offer window: 30 minutes, or a quarter of the time left before the shift starts when that
-- is shorter (a shift in 40 minutes: 10 minutes), so that the place can pass down the list a few
-- times before the start. docs/shifts.md "Waitlist and refill".
CREATE OR REPLACE FUNCTION jh_shift_offer_window(p_starts_at timestamptz) RETURNS interval
LANGUAGE sql STABLE AS $$
    SELECT least(interval '30 minutes', (p_starts_at - now()) / 4)
$$;

-- Offers the shift's free places down its waitlist, one person per free place, first come first
-- served, each with the mail `p_template` ("du", a link to `p_origin`/einsatz-angebot/{id}) queued
-- as a job of kind `p_kind` in the same transaction. Free = needed − confirmed − open offers, so a
-- place is offered to one person at a time. Offers whose window passed are first marked expired.
-- Nothing for a cancelled shift, one that has begun or one of a job that is not live, and
-- nothing to a candidate whose application was declined. Locks the shift's row first (a statement of
-- its own; every later statement sees what the lock waited for), as a confirmation does, so two
-- refills of one shift (a withdrawal and the minute pass) cannot offer one place twice. Returns
-- the number of offers made.
CREATE OR REPLACE FUNCTION jh_shift_refill(p_shift bigint, p_origin text, p_kind text, p_template text)
RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
    v_free integer;
    v_made integer;
BEGIN
    PERFORM 1 FROM shifts WHERE id = p_shift FOR UPDATE;
    UPDATE shift_waitlist SET status = 'expired', decided_at = now()
     WHERE shift_id = p_shift AND status = 'offered' AND expires_at <= now();
    SELECT s.staff_needed
           - (SELECT count(*) FROM shift_applications sa WHERE sa.shift_id = s.id AND sa.status = 'confirmed')
           - (SELECT count(*) FROM shift_waitlist w WHERE w.shift_id = s.id AND w.status = 'offered')
      INTO v_free
      FROM shifts s
      -- Only a live job's shift (published, active, not expired: its organization live too, else
      -- the job is held): a closed job's waitlist gets no offers.
      JOIN job_postings j ON j.id = s.job_posting_id AND j.is_published AND j.active
                         AND (j.valid_through IS NULL OR j.valid_through > now())
     -- A window of at least a minute: an offer nobody can answer in time is not made.
     WHERE s.id = p_shift AND s.cancelled_at IS NULL AND s.starts_at > now() + interval '4 minutes';
    IF v_free IS NULL OR v_free <= 0 THEN
        RETURN 0;
    END IF;
    WITH next AS (
        SELECT w.id
          FROM shift_waitlist w
          -- An application the provider declined (closing the job declines them all) is offered nothing.
          JOIN applications x ON x.id = w.application_id AND x.candidate_account_id > 0 AND x.forwarded_at IS NOT NULL
                             AND x.status <> 'declined'
          -- While the shift is kept for its organization's pool (0280), only pool members are
          -- offered the place; the others keep their turn and the minute pass offers it after.
          JOIN shifts s ON s.id = w.shift_id
          JOIN job_postings j ON j.id = s.job_posting_id
         WHERE w.shift_id = p_shift AND w.status = 'waiting'
           AND (s.pool_until IS NULL OR s.pool_until <= now() OR jh_pool_member(j.organization_id, x.candidate_account_id))
         ORDER BY w.joined_at, w.id
         LIMIT v_free
           FOR UPDATE OF w),
    offered AS (
        UPDATE shift_waitlist w
           SET status = 'offered', offered_at = now(), decided_at = NULL,
               expires_at = now() + (SELECT jh_shift_offer_window(s.starts_at) FROM shifts s WHERE s.id = p_shift)
          FROM next WHERE w.id = next.id
        RETURNING w.id, w.application_id, w.expires_at),
    mails AS (
        INSERT INTO queue_jobs (kind, payload, idempotency_key)
        SELECT p_kind,
               jsonb_build_object('template', p_template, 'to', a.email::text,
                                  'to_name', trim(coalesce(p.first_name, '') || ' ' || coalesce(p.last_name, '')),
                                  'data', jsonb_build_object(
                                      'first_name', coalesce(nullif(p.first_name, ''), 'zusammen'),
                                      'job_title', j.title, 'organization_name', o.name,
                                      'shift', jh_shift_label(s.id),
                                      'deadline', to_char(o2.expires_at AT TIME ZONE 'Europe/Berlin', 'DD.MM.YYYY, HH24:MI') || ' Uhr',
                                      'offer_link', p_origin || '/einsatz-angebot/' || o2.id)),
               'shift_offer:' || o2.id || ':' || floor(extract(epoch FROM o2.expires_at))::bigint
          FROM offered o2
          JOIN applications x ON x.id = o2.application_id
          JOIN accounts a ON a.id = x.candidate_account_id
          LEFT JOIN candidate_profiles p ON p.account_id = a.id
          JOIN shifts s ON s.id = p_shift
          JOIN job_postings j ON j.id = s.job_posting_id
          JOIN organizations o ON o.id = j.organization_id
        ON CONFLICT (idempotency_key) DO NOTHING)
    SELECT count(*) INTO v_made FROM offered;
    RETURN v_made;
END;
$$;

-- The mail worker's minute pass: every upcoming shift with an offer whose window has passed, or
-- with people waiting, is refilled (offers expired, free places offered anew). Also catches
-- places freed on paths that do not refill at once (more staff needed, an account deleted). Shifts
-- in id order, so two passes lock them in the same order. Returns the number of offers made.
CREATE OR REPLACE FUNCTION jh_shift_refill_pass(p_origin text, p_kind text, p_template text)
RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
    v_shift bigint;
    v_made integer := 0;
BEGIN
    -- Offers of shifts that have begun simply expire (no refill after the start).
    UPDATE shift_waitlist SET status = 'expired', decided_at = now() WHERE status = 'offered' AND expires_at <= now();
    FOR v_shift IN
        SELECT DISTINCT w.shift_id
          FROM shift_waitlist w JOIN shifts s ON s.id = w.shift_id
         WHERE w.status = 'waiting' AND s.cancelled_at IS NULL AND s.starts_at > now()
         ORDER BY w.shift_id
    LOOP
        v_made := v_made + jh_shift_refill(v_shift, p_origin, p_kind, p_template);
    END LOOP;
    RETURN v_made;
END;
$$;

-- A waitlist entry as the candidate sees it (`/api/me/shift_offers`, the accept's answer): its
-- state (an offer whose window has passed reads `expired` before the minute pass marks it), the
-- place in the queue while waiting, the offer's window, the shift and its job.
CREATE OR REPLACE FUNCTION jh_shift_waitlist_json(p_id bigint) RETURNS jsonb
LANGUAGE sql STABLE AS $$
    SELECT jsonb_build_object(
               '@id', '/api/shift_offers/' || w.id, 'id', w.id,
               'status', CASE WHEN w.status = 'offered' AND w.expires_at <= now() THEN 'expired' ELSE w.status::text END,
               'position', CASE WHEN w.status = 'waiting' THEN
                   (SELECT count(*) FROM shift_waitlist v
                     WHERE v.shift_id = w.shift_id AND v.status = 'waiting' AND (v.joined_at, v.id) <= (w.joined_at, w.id)) END,
               'joinedAt', w.joined_at, 'offeredAt', w.offered_at, 'expiresAt', w.expires_at,
               'shift', jh_shift_json(w.shift_id, false),
               'job', jsonb_build_object('@id', '/api/job_postings/' || j.id, 'id', j.id, 'slug', j.slug, 'title', j.title,
                                         'organizationName', o.name))
      FROM shift_waitlist w
      JOIN shifts s ON s.id = w.shift_id
      JOIN job_postings j ON j.id = s.job_posting_id
      JOIN organizations o ON o.id = j.organization_id
     WHERE w.id = p_id
$$;
