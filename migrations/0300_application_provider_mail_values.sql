-- 0300_application_provider_mail_values.sql: the provider's mail about a new application now names
-- the chosen shifts and links the application in the portal (issue 41, item 4), so its template
-- reads two more values, `shifts` and `applicant_link`. A mail queued before this change, or held
-- until a new candidate confirms the address (register-and-apply: days, perhaps), gets them here,
-- so it is not dropped for a missing value. Its shifts are not listed (jh_shift_label is a
-- repeatable function, created after the numbered files): the mail points to the application,
-- whose page shows them.
UPDATE queue_jobs
   SET payload = jsonb_set(payload, '{data}', (payload -> 'data') || jsonb_build_object(
           'shifts', ' siehe Bewerbung im Portal',
           'applicant_link', regexp_replace(payload #>> '{data,job_link}', '/jobs/[^/]*$', '')
                             || '/recruiting/portal/bewerbungen/' || substring(idempotency_key FROM '^application_provider:([0-9]+)$')))
 WHERE kind = 'mail' AND status IN ('pending', 'running') AND payload ->> 'template' = 'application_provider'
   AND idempotency_key ~ '^application_provider:[0-9]+$' AND NOT (payload -> 'data') ? 'applicant_link';

UPDATE held_queue_jobs
   SET payload = jsonb_set(payload, '{data}', (payload -> 'data') || jsonb_build_object(
           'shifts', ' siehe Bewerbung im Portal',
           'applicant_link', regexp_replace(payload #>> '{data,job_link}', '/jobs/[^/]*$', '')
                             || '/recruiting/portal/bewerbungen/' || substring(idempotency_key FROM '^application_provider:([0-9]+)$')))
 WHERE kind = 'mail' AND payload ->> 'template' = 'application_provider'
   AND idempotency_key ~ '^application_provider:[0-9]+$' AND NOT (payload -> 'data') ? 'applicant_link';
