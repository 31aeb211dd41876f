-- R__jh_monthly_report_mails.sql: the current definition of jh_monthly_report_mails, the mail
-- worker's monthly pass (issue 44 item 8; docs/reach.md, "Monatsbericht"; workers/retention.h):
-- in the first days of a month it queues to the owners of each live organization that had a job in
-- the previous month (jh_monthly_report: a job online in it, or a view, application or shift) one
-- mail with that month's totals and a link to the portal's report. "Sie".
-- A repeatable migration: edit this file to change the function (docs/running.md, "Migrations").
--
-- Exactly once per organization and month: the organization's row in organization_report_mails
-- (migrations/0386) is written in the same transaction as its mails, and a pass that finds the row
-- skips it; two passes at once meet at the primary key (the second's INSERT waits for the first's
-- commit and then does nothing). The mails go to the owners who may act for the organization
-- (jh_active_member_of: not blocked, address confirmed; review 26): the figures are the
-- organization's business, not for a blocked account nor for an address nobody confirmed. Not
-- jh_mail_owners, which also tells an unconfirmed owner a decision about the organization. Key
-- monthly_report:<org>:<YYYY-MM>:<owner>, greeting as jh_mail_owners' ("Guten Tag,"). Only on days 1 to 7 of the month (Berlin): the pass runs
-- hourly, so the mail leaves on the 1st; a worker that was down catches up within the week, and a
-- first deployment in the middle of a month sends no stale report.
-- p_now: the pass's time (now(); a test names a day). p_limit: organizations per call (the worker
-- calls again while a call used its whole limit). Returns how many organizations were mailed.
CREATE OR REPLACE FUNCTION jh_monthly_report_mails(p_now timestamptz, p_origin text, p_template text, p_limit integer)
RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
    v_today date := (p_now AT TIME ZONE 'Europe/Berlin')::date;
    v_month date := (date_trunc('month', v_today) - interval '1 month')::date;
    v_names text[] := ARRAY['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September',
                            'Oktober', 'November', 'Dezember'];
    v_label text;
    v_key text := to_char(v_month, 'YYYY-MM');
    n integer := 0;
    o record;
    t record;
    v_sources text;
BEGIN
    IF extract(day FROM v_today) > 7 THEN
        RETURN 0;
    END IF;
    v_label := v_names[extract(month FROM v_month)::int] || ' ' || extract(year FROM v_month)::int;
    FOR o IN
        WITH due AS (
            SELECT org.id FROM organizations org
             WHERE org.approved_at IS NOT NULL AND org.rejected_at IS NULL AND org.active
               AND org.created_at < (v_month + interval '1 month')::timestamp AT TIME ZONE 'Europe/Berlin'
               AND NOT EXISTS (SELECT 1 FROM organization_report_mails s WHERE s.organization_id = org.id AND s.month = v_month)
               AND EXISTS (SELECT 1 FROM job_postings j WHERE j.organization_id = org.id)
               AND (SELECT r.jobs FROM jh_monthly_report(org.id, v_month, 0) r WHERE r.job_id IS NULL) > 0
             ORDER BY org.id LIMIT p_limit)
        INSERT INTO organization_report_mails (organization_id, month)
        SELECT due.id, v_month FROM due
        ON CONFLICT (organization_id, month) DO NOTHING
        RETURNING organization_id
    LOOP
        SELECT * INTO t FROM jh_monthly_report(o.organization_id, v_month, 0) r WHERE r.job_id IS NULL;
        SELECT coalesce(string_agg(s.source || ': ' || s.applications, ', ' ORDER BY s.applications DESC, s.source), 'keine')
          INTO v_sources
          FROM jh_monthly_report_sources(o.organization_id, v_month, 5, '{}') s WHERE s.job_id IS NULL;
        INSERT INTO queue_jobs (kind, payload, idempotency_key, account_id)
        SELECT 'mail',
               jsonb_build_object('template', p_template, 'to', a.email::text, 'to_name', org.name, 'data', jsonb_build_object(
            'greeting', 'Guten Tag,',
            'month_label', v_label,
            'jobs', t.jobs::text,
            'views', t.views::text,
            'applications', t.applications::text,
            'sources', v_sources,
            'response_time', CASE WHEN t.median_seconds IS NULL THEN 'noch keine beantwortete Bewerbung'
                                  ELSE replace(to_char(round((t.median_seconds / 3600.0)::numeric, 1), 'FM999990.0'), '.', ',') || ' Stunden'
                             END,
            'shifts', t.shifts_filled::text || ' von ' || t.shifts::text,
            'report_link', p_origin || '/recruiting/portal/monatsbericht?monat=' || v_key)),
               'monthly_report:' || o.organization_id || ':' || v_key || ':' || a.id, a.id
          FROM accounts a JOIN organizations org ON org.id = a.organization_id
         WHERE a.organization_id = o.organization_id AND a.role = 'organization_member' AND a.organization_role = 'owner'
           AND jh_active_member_of(a.id) = o.organization_id
        ON CONFLICT (idempotency_key) DO NOTHING;
        n := n + 1;
    END LOOP;
    RETURN n;
END;
$$;
COMMENT ON FUNCTION jh_monthly_report_mails(timestamptz, text, text, integer) IS
  'The mail worker''s monthly pass: the previous month''s report mail to each organization''s owners, once (issue 44 item 8).';
