-- R__jh_application_retention.sql: the retention autopilot's SQL (issue 42 item 4,
-- docs/fair-play.md "Applications are kept no longer than needed"; DSGVO Art. 5 Abs. 1 lit. e).
-- A repeatable migration: edit this file to change the functions (docs/running.md, "Migrations").

-- When an application that ended at p_ended, of an organization keeping applications p_days
-- days, is anonymized: NULL while it has not ended.
CREATE OR REPLACE FUNCTION jh_application_anonymize_at(p_ended timestamptz, p_days integer) RETURNS timestamptz
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN p_ended + make_interval(days => p_days);

-- What the provider's portal shows of the coming anonymization: the day it happens, from 30 days
-- before it (and NULL before that, for an open application and for one already anonymized). A day
-- already passed (the hourly pass has not come yet) reads as now: it is the next pass's.
-- p_kept_until: the end of the candidate's accepted pool consent for this application (NULL
-- without one, or once revoked): the application is kept until then at least (0280, pool_invitations).
CREATE OR REPLACE FUNCTION jh_application_anonymize_notice(p_ended timestamptz, p_anonymized timestamptz, p_days integer,
                                                           p_kept_until timestamptz)
RETURNS timestamptz
LANGUAGE sql STABLE PARALLEL SAFE
RETURN CASE WHEN p_ended IS NOT NULL AND p_anonymized IS NULL
                 AND greatest(jh_application_anonymize_at(p_ended, p_days), p_kept_until) <= now() + interval '30 days'
            THEN greatest(jh_application_anonymize_at(p_ended, p_days), p_kept_until, now()) END;

-- The worker's pass: up to `p_limit` applications whose organization's period has run out since
-- they ended lose the provider's side, in the caller's one transaction: the conversation, the
-- team's notes and rating, the shift choices and waitlist places that never became work, the cover
-- text and the last status message; anonymized_at then hides the candidate's name, contact data,
-- sedcard, documents and images from the organization (the provider's queries and
-- jh_provider_may_see ask it). The row, its status and dates stay (the organization's counts, the
-- candidate's "Meine Bewerbungen"); the log of the organization's views stays for the candidate's
-- data export. Nothing of the candidate's account, sedcard or other applications is touched.
--
-- An application whose candidate consented to stay in the organization's pool is kept while the
-- consent runs (accepted, not revoked, consent_until ahead; 0280): after a revocation or the
-- consent's end the normal clock holds again, and an application past it goes with the next pass.
--
-- Applications that led to work are not applications any more: one with a confirmed shift or a
-- time record (kept two years, § 17 MiLoG) or `hired` is left alone (docs/decisions.md).
-- Two workers at once take disjoint rows (SKIP LOCKED); a row done is never due again.
-- Returns how many applications were anonymized.
CREATE OR REPLACE FUNCTION jh_anonymize_ended_applications(p_limit integer) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
    due bigint[];
    n integer;
BEGIN
    SELECT coalesce(array_agg(id), '{}') INTO due FROM (
        SELECT x.id FROM applications x
          JOIN job_postings j ON j.id = x.job_posting_id
          JOIN organizations o ON o.id = j.organization_id
         WHERE x.ended_at IS NOT NULL AND x.anonymized_at IS NULL AND x.status = 'declined'
           AND x.ended_at <= now() - interval '90 days'   -- the shortest period: lets the index cut the scan
           AND x.ended_at <= now() - make_interval(days => o.application_retention_days)
           AND NOT EXISTS (SELECT 1 FROM pool_invitations p WHERE p.application_id = x.id
                              AND p.status = 'accepted' AND p.consent_until > now())
           AND NOT EXISTS (SELECT 1 FROM shift_applications sa WHERE sa.application_id = x.id
                              AND (sa.status = 'confirmed'
                                   OR EXISTS (SELECT 1 FROM shift_time_records t WHERE t.shift_application_id = sa.id)))
         ORDER BY x.ended_at, x.id
         LIMIT p_limit
           FOR UPDATE OF x SKIP LOCKED) s;

    DELETE FROM application_messages WHERE application_id = ANY (due);
    DELETE FROM application_notes WHERE application_id = ANY (due);
    DELETE FROM application_ratings WHERE application_id = ANY (due);
    DELETE FROM shift_waitlist WHERE application_id = ANY (due);
    DELETE FROM shift_applications WHERE application_id = ANY (due);
    -- Where it came from stays countable, but only as one of the known labels: the raw campaign
    -- values, the referring host and a free-text label (a utm_source as given) could name the
    -- person or the link she was sent (review 22, code finding 8; docs/reach.md).
    UPDATE applications
       SET anonymized_at = now(), notes = '', status_message = NULL,
           source_utm_source = NULL, source_utm_medium = NULL, source_utm_campaign = NULL, source_referrer_host = NULL,
           source_label = CASE WHEN source_label IS NULL THEN NULL
                               WHEN source_label IN ('Indeed', 'Google', 'Bing', 'Facebook', 'Instagram', 'LinkedIn', 'XING',
                                                     'TikTok', 'Direkt') THEN source_label
                               ELSE 'Sonstige' END
     WHERE id = ANY (due);
    GET DIAGNOSTICS n = ROW_COUNT;
    RETURN n;
END;
$$;
