-- R__jh_answer_open_applications.sql: closing or expiring a job answers every open application
-- (issue 42 item 5, docs/fair-play.md "Every application is answered").
-- A repeatable migration: edit this file to change the functions (docs/running.md, "Migrations").
--
-- Each application of the job still sent, seen, shortlisted or invited (forwarded to the provider:
-- one held for a confirmation is not the provider's yet) becomes declined with the organization's
-- own rejection text (else the default below), the text joins the application's conversation as
-- the provider's status message, and one mail `application_closed` is queued in the same
-- transaction under the key application_closed:<application id>. Exactly once: the UPDATE takes
-- only open rows (a concurrent closer waits for the row lock and then finds it declined), and the
-- queue key is unique. The mail payload is the shape messages/mail.h reads (template, to, to_name,
-- data), as the shift reminders' triggers write it (migration 0185). The rejection starts the
-- two-month period of § 15 Abs. 4 AGG. Returns how many applications were answered.
CREATE OR REPLACE FUNCTION jh_default_rejection_message() RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN 'Vielen Dank für dein Interesse und deine Bewerbung. Die Stelle ist inzwischen besetzt oder die Ausschreibung beendet, '
       'deshalb können wir deine Bewerbung leider nicht weiter berücksichtigen. Wir wünschen dir viel Erfolg bei der weiteren Suche!';

CREATE OR REPLACE FUNCTION jh_answer_open_applications(p_job bigint) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
    n integer;
BEGIN
    WITH answered AS (
        UPDATE applications x
           SET status = 'declined',
               status_message = coalesce(nullif(btrim(o.rejection_message), ''), jh_default_rejection_message()),
               status_changed_at = now(), updated_at = now()
          FROM job_postings j JOIN organizations o ON o.id = j.organization_id
         WHERE x.job_posting_id = p_job AND j.id = p_job
           AND x.status IN ('sent', 'seen', 'shortlisted', 'invited') AND x.forwarded_at IS NOT NULL
        RETURNING x.id, x.candidate_account_id, x.status_message, j.title, o.name AS organization_name
    ), thread AS (
        INSERT INTO application_messages (application_id, side, body, status)
        SELECT a.id, 'provider', a.status_message, 'declined' FROM answered a
    ), mails AS (
        INSERT INTO queue_jobs (kind, payload, idempotency_key, account_id)
        SELECT 'mail',
               jsonb_build_object('template', 'application_closed', 'to', acc.email::text,
                                  'to_name', btrim(coalesce(p.first_name, '') || ' ' || coalesce(p.last_name, '')),
                                  'data', jsonb_build_object('first_name', coalesce(nullif(p.first_name, ''), 'zusammen'),
                                                             'job_title', a.title,
                                                             'organization_name', a.organization_name,
                                                             'message', a.status_message)),
               'application_closed:' || a.id, a.candidate_account_id
          FROM answered a JOIN accounts acc ON acc.id = a.candidate_account_id
          LEFT JOIN candidate_profiles p ON p.account_id = a.candidate_account_id
         WHERE a.candidate_account_id > 0
        ON CONFLICT (idempotency_key) DO NOTHING
    )
    SELECT count(*) INTO n FROM answered;
    RETURN n;
END;
$$;

-- The jobs whose end date has passed and that still have open applications, each answered; run
-- by the mail worker's housekeeping (workers/retention.h). At most `p_limit` jobs per call.
CREATE OR REPLACE FUNCTION jh_answer_expired_jobs(p_limit integer) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
    job bigint;
    n integer := 0;
BEGIN
    -- From the open applications (a partial index), not from every job.
    FOR job IN SELECT j.id FROM job_postings j
                WHERE j.id IN (SELECT x.job_posting_id FROM applications x
                                WHERE x.status IN ('sent', 'seen', 'shortlisted', 'invited') AND x.forwarded_at IS NOT NULL)
                  AND j.valid_through <= now()
                ORDER BY j.valid_through LIMIT p_limit LOOP
        n := n + jh_answer_open_applications(job);
    END LOOP;
    RETURN n;
END;
$$;
