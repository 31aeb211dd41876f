-- R__jh_mail_owners.sql: one mail to each owner of an organization ("Sie"), queued in the caller's
-- transaction: the administrators' decisions that concern the whole organization (a job's review,
-- the organization's review) are told to its owners this one way.
-- A repeatable migration: edit this file to change the function (docs/running.md, "Migrations").
--
-- Members' accounts carry no names (the organization has its contact person): the mail greets
-- neutrally (`greeting`, added to p_data) and is addressed to the organization. p_key makes the
-- idempotency key per owner (p_key:account): the same decision is queued once.
CREATE OR REPLACE FUNCTION jh_mail_owners(p_org bigint, p_template text, p_data jsonb, p_key text) RETURNS void
LANGUAGE sql AS $$
    INSERT INTO queue_jobs (kind, payload, idempotency_key, account_id)
    SELECT 'mail',
           jsonb_build_object('template', p_template, 'to', a.email::text, 'to_name', o.name,
                              'data', jsonb_build_object('greeting', 'Guten Tag,') || p_data),
           p_key || ':' || a.id, a.id
      FROM accounts a JOIN organizations o ON o.id = a.organization_id
     WHERE a.organization_id = p_org AND a.role = 'organization_member' AND a.organization_role = 'owner'
    ON CONFLICT (idempotency_key) DO NOTHING;
$$;
