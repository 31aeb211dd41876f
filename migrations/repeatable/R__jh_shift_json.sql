-- R__jh_shift_json.sql: a shift as the API answers it, and its German label for mails (first in
-- this file; the tables are 0180_shifts.sql). A repeatable migration: edit this file to change
-- them; it is re-applied when its checksum changes (docs/running.md, "Migrations").
--
-- jh_shift_json(id, members): the public fields (date, start, end, place, staffNeeded, confirmed,
-- freePlaces, pay, note, cancelledAt, poolOnlyUntil); `members` (with poolAutoConfirm) (an active member of the job's organization)
-- adds the shift applications with the applicant's name and the neutral working-time flag. Only forwarded applications count (one
-- held until its candidate confirms the address is not there yet). docs/shifts.md.
CREATE OR REPLACE FUNCTION jh_shift_json(p_id bigint, p_members boolean) RETURNS jsonb
LANGUAGE sql STABLE PARALLEL SAFE
AS $$
    SELECT jsonb_build_object(
             '@id', '/api/shifts/' || s.id,
             '@type', 'Shift',
             'id', s.id,
             'jobPosting', '/api/job_postings/' || s.job_posting_id,
             'date', to_char(s.shift_date, 'YYYY-MM-DD'),
             'start', to_char(s.start_time, 'HH24:MI'),
             'end', to_char(s.end_time, 'HH24:MI'),
             'endsNextDay', s.end_time <= s.start_time,
             'startsAt', s.starts_at,
             'endsAt', s.ends_at,
             'placeId', s.place_id,
             'place', (SELECT jsonb_build_object('id', p.id, 'name', p.name, 'label', p.label) FROM places p WHERE p.id = s.place_id),
             'staffNeeded', s.staff_needed,
             'confirmed', c.confirmed,
             'freePlaces', CASE WHEN s.cancelled_at IS NULL THEN greatest(s.staff_needed - c.confirmed, 0) ELSE 0 END,
             'baseSalary', s.base_salary,
             'breakMinutes', s.break_minutes,
             'note', s.note,
             'cancelledAt', s.cancelled_at,
             -- Offered to the organization's pool first until then (0280): others may choose it after.
             'poolOnlyUntil', CASE WHEN s.pool_until > now() THEN s.pool_until END)
           || CASE WHEN p_members THEN jsonb_build_object('poolAutoConfirm', s.pool_auto_confirm, 'applications', coalesce((
                  SELECT jsonb_agg(jsonb_build_object(
                           '@id', '/api/shift_applications/' || sa.id,
                           'id', sa.id,
                           'status', sa.status,
                           'decidedAt', sa.decided_at,
                           'application', '/api/applications/' || x.id,
                           'candidate', jsonb_build_object('firstName', coalesce(cp.first_name, ''),
                                                           'lastName', coalesce(cp.last_name, '')),
                           -- The neutral working-time flag (R__jh_shift_hours.sql): 'Ruhezeit',
                           -- 'Arbeitszeit' or 'Jugendarbeitsschutz', never another employer's data.
                           'workingTime', CASE WHEN sa.status IN ('pending', 'confirmed') AND s.cancelled_at IS NULL
                                                    AND s.ends_at > now() AND x.candidate_account_id IS NOT NULL
                                               THEN jh_working_time_flag(x.candidate_account_id, s.id) END)
                           ORDER BY sa.created_at, sa.id)
                    FROM shift_applications sa
                    JOIN applications x ON x.id = sa.application_id AND x.forwarded_at IS NOT NULL
                    LEFT JOIN candidate_profiles cp ON cp.account_id = x.candidate_account_id
                   WHERE sa.shift_id = s.id), '[]'::jsonb))
                ELSE '{}'::jsonb END
      FROM shifts s
      CROSS JOIN LATERAL (SELECT count(*) AS confirmed FROM shift_applications sa
                           WHERE sa.shift_id = s.id AND sa.status = 'confirmed') c
     WHERE s.id = p_id
$$;

-- "Samstag, 05.12.2026, 10:00–18:00 Uhr, Hamburg" (the end is the next day's when it is not after
-- the start: "22:00–06:00 Uhr (bis zum Folgetag)").
CREATE OR REPLACE FUNCTION jh_shift_label(p_id bigint) RETURNS text
LANGUAGE sql STABLE PARALLEL SAFE
AS $$
    SELECT (ARRAY['Sonntag', 'Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag'])
               [extract(dow FROM s.shift_date)::int + 1]
           || ', ' || to_char(s.shift_date, 'DD.MM.YYYY') || ', '
           -- A shift that ends at midnight ends at 24:00 of its day, not "00:00 (bis zum Folgetag)".
           || to_char(s.start_time, 'HH24:MI') || '–'
           || CASE WHEN s.end_time = time '00:00' THEN '24:00' ELSE to_char(s.end_time, 'HH24:MI') END || ' Uhr'
           || CASE WHEN s.end_time <= s.start_time AND s.end_time <> time '00:00' THEN ' (bis zum Folgetag)' ELSE '' END
           || coalesce(', ' || p.name, '')
      FROM shifts s LEFT JOIN places p ON p.id = s.place_id
     WHERE s.id = p_id
$$;

-- The end of a job's last upcoming shift that is not cancelled (ISO 8601), or NULL: the job's
-- JSON-LD says `validThrough` from it when the job itself names no end (actors/content/seo.cpp),
-- so a search engine neither drops a job whose shifts are still ahead nor keeps one whose last
-- shift is over.
CREATE OR REPLACE FUNCTION jh_job_shifts_end(p_job bigint) RETURNS text
LANGUAGE sql STABLE AS $$
    SELECT to_json(max(s.ends_at)) #>> '{}'
      FROM shifts s
     WHERE s.job_posting_id = p_job AND s.cancelled_at IS NULL AND s.ends_at > now()
$$;
