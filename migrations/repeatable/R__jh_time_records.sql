-- R__jh_time_records.sql: the worked hours of confirmed shifts as the candidate, the provider and
-- the § 17 MiLoG record see them (issue 43, docs/shifts.md "Time recording"). Table and triggers:
-- migrations/0215_time_records.sql; the hourly pass: R__jh_time_records_housekeeping.sql. A
-- repeatable migration: edit this file to change it.

-- Every confirmed shift that has ended, with its hours as they stand: a stored record
-- (shift_time_records), or — nothing entered yet — the planned times, computed here on read: a
-- row 'open', `proposed` once six hours have passed since the end (the planned times are then
-- what the provider is asked to approve and what the candidate is shown). Filtered to one
-- organization or one candidate's account (the other NULL) and to shift dates from..to.
-- Minutes worked: end − start − break; 0 for "nicht erschienen".
CREATE OR REPLACE FUNCTION jh_time_records_of(p_org bigint, p_account bigint, p_from date, p_to date)
RETURNS TABLE (shift_application_id bigint, shift_id bigint, job_id bigint, work_date date, worker_name text,
               job_title text, status text, entered_by text, proposed boolean, start_at timestamptz, end_at timestamptz,
               break_minutes integer, worked_minutes integer, planned_start timestamptz, planned_end timestamptz,
               candidate_start timestamptz, candidate_end timestamptz, candidate_break integer,
               auto_approved boolean, objection text, objected_at timestamptz, decided_at timestamptz)
LANGUAGE sql STABLE AS $$
    SELECT r.shift_application_id, r.shift_id, s.job_posting_id, r.work_date, r.worker_name, r.job_title, r.status::text,
           r.entered_by, false, r.start_at, r.end_at, r.break_minutes,
           CASE WHEN r.status = 'no_show' THEN 0
                ELSE (extract(epoch FROM r.end_at - r.start_at) / 60)::integer - r.break_minutes END,
           r.planned_start, r.planned_end, r.candidate_start, r.candidate_end, r.candidate_break,
           r.auto_approved, r.objection, r.objected_at, r.decided_at
      FROM shift_time_records r LEFT JOIN shifts s ON s.id = r.shift_id
     WHERE (p_org IS NULL OR r.organization_id = p_org)
       AND (p_account IS NULL OR r.candidate_account_id = p_account)
       AND r.work_date BETWEEN p_from AND p_to
    UNION ALL
    SELECT sa.id, s.id, j.id, s.shift_date,
           coalesce(nullif(trim(coalesce(p.first_name, '') || ' ' || coalesce(p.last_name, '')), ''), 'Unbekannt'),
           j.title, 'open', 'planned', now() >= s.ends_at + interval '6 hours',
           s.starts_at, s.ends_at, 0, (extract(epoch FROM s.ends_at - s.starts_at) / 60)::integer,
           s.starts_at, s.ends_at, NULL, NULL, NULL, false, NULL, NULL, NULL
      FROM shift_applications sa
      JOIN shifts s ON s.id = sa.shift_id
      JOIN job_postings j ON j.id = s.job_posting_id
      JOIN applications x ON x.id = sa.application_id
      LEFT JOIN candidate_profiles p ON p.account_id = x.candidate_account_id
     WHERE sa.status = 'confirmed' AND s.cancelled_at IS NULL AND s.ends_at <= now()
       AND x.candidate_account_id > 0
       AND (p_org IS NULL OR j.organization_id = p_org)
       AND (p_account IS NULL OR x.candidate_account_id = p_account)
       AND s.shift_date BETWEEN p_from AND p_to
       AND NOT EXISTS (SELECT 1 FROM shift_time_records r WHERE r.shift_application_id = sa.id)
$$;
