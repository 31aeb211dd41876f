-- R__jh_time_records_housekeeping.sql: the mail worker's hourly pass over the worked hours (issue
-- 43, docs/shifts.md "Time recording"), called from workers/retention.cpp. Three steps in one
-- statement (one transaction):
--  1. Entries still open seven days after the shift's end are approved as they stand: a record
--     the candidate entered keeps its times; a confirmed shift nobody entered gets its planned
--     times (the proposal). Marked auto_approved.
--  2. Each organization with such approvals gets one mail `time_records_auto_approved` ("Sie":
--     how many, a link to the portal's hours page), to the organization's contact address.
--  3. Records of shifts dated more than two years ago are deleted (§ 17 Abs. 1 MiLoG: kept at
--     least two years; docs/shifts.md "Retention").
-- p_origin: the public origin for the link; p_kind/p_template: the mail queue's kind and the
-- template's name (messages/mail.h). Returns the number of records approved.
CREATE OR REPLACE FUNCTION jh_time_records_housekeeping(p_origin text, p_kind text, p_template text)
RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
    v_approved integer;
BEGIN
    WITH nobody AS (
        INSERT INTO shift_time_records (shift_application_id, shift_id, organization_id, candidate_account_id, worker_name,
                                        job_title, work_date, planned_start, planned_end, start_at, end_at, status,
                                        entered_by, decided_at, auto_approved)
        SELECT sa.id, s.id, j.organization_id, x.candidate_account_id,
               coalesce(nullif(trim(coalesce(p.first_name, '') || ' ' || coalesce(p.last_name, '')), ''), 'Unbekannt'),
               j.title, s.shift_date, s.starts_at, s.ends_at, s.starts_at, s.ends_at, 'approved', 'planned', now(), true
          FROM shift_applications sa
          JOIN shifts s ON s.id = sa.shift_id
          JOIN job_postings j ON j.id = s.job_posting_id
          JOIN applications x ON x.id = sa.application_id
          LEFT JOIN candidate_profiles p ON p.account_id = x.candidate_account_id
         WHERE sa.status = 'confirmed' AND s.cancelled_at IS NULL AND x.candidate_account_id > 0
           AND s.ends_at <= now() - interval '7 days' AND s.ends_at > now() - interval '2 years'
           AND NOT EXISTS (SELECT 1 FROM shift_time_records r WHERE r.shift_application_id = sa.id)
        ON CONFLICT (shift_application_id) DO NOTHING
        RETURNING organization_id),
    entered AS (
        UPDATE shift_time_records SET status = 'approved', decided_at = now(), auto_approved = true, updated_at = now()
         WHERE status = 'entered' AND planned_end <= now() - interval '7 days'
        RETURNING organization_id),
    approved AS (SELECT organization_id FROM nobody UNION ALL SELECT organization_id FROM entered),
    mails AS (
    INSERT INTO queue_jobs (kind, payload, idempotency_key)
    SELECT p_kind,
           jsonb_build_object('template', p_template, 'to', o.contact_email::text,
                              'to_name', coalesce(nullif(o.contact_name, ''), o.name),
                              'data', jsonb_build_object(
                                  'contact_name', coalesce(nullif(o.contact_name, ''), 'zusammen'),
                                  'organization_name', o.name, 'count', a.n::text,
                                  'hours_link', p_origin || '/recruiting/portal/arbeitszeiten')),
           p_template || ':' || o.id || ':' || floor(extract(epoch FROM now()))::bigint
      FROM (SELECT organization_id, count(*) AS n FROM approved GROUP BY organization_id) a
      JOIN organizations o ON o.id = a.organization_id
     WHERE coalesce(o.contact_email::text, '') <> ''
    ON CONFLICT (idempotency_key) DO NOTHING)
    SELECT count(*) INTO v_approved FROM approved;

    DELETE FROM shift_time_records
     WHERE work_date < ((now() AT TIME ZONE 'Europe/Berlin')::date - interval '2 years')::date;
    RETURN v_approved;
END;
$$;
