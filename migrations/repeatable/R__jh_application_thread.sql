-- R__jh_application_thread.sql: the conversation of an application as the API answers it and the
-- candidate's data export lists it (one definition for both; the table is
-- 0181_application_messages.sql). A repeatable migration: edit this file to change it; it is
-- re-applied when its checksum changes (docs/running.md, "Migrations").
--
-- jh_application_thread(application): its entries, oldest first: who wrote (`from`: provider or
-- candidate), the text, the status set with it (a status message) and when.
CREATE OR REPLACE FUNCTION jh_application_thread(p_application bigint) RETURNS jsonb
LANGUAGE sql STABLE PARALLEL SAFE
AS $$
    SELECT coalesce(jsonb_agg(jsonb_build_object(
               'id', m.id,
               'from', m.side,
               'body', m.body,
               'status', m.status,
               'createdAt', m.created_at) ORDER BY m.created_at, m.id), '[]'::jsonb)
      FROM application_messages m
     WHERE m.application_id = p_application;
$$;
