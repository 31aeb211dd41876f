-- R__jh_organization_review.sql: the administrators' review of a provider's registration, one
-- definition for the web (actors/organizations/organization_review.cpp) and the CLI
-- (`jobhafen admin organizations approve|reject`, workers/admin.cpp).
-- A repeatable migration: edit this file to change the function (docs/running.md, "Migrations").
--
-- Approving activates the organization (its held jobs come back through the trigger of 0172) and,
-- the first time, tells each owner by mail (`organization_approved`, "Sie"), with the drafts that
-- wait in the portal and the portal's address (p_origin: the server's http.public_origin), in the
-- same transaction (issue 41 item 3: a new provider learnt of the approval from nobody).
-- Rejecting deactivates it; the rows stay as the record of the registration. False when there is
-- no such organization.
CREATE OR REPLACE FUNCTION jh_organization_review(p_org bigint, p_approve boolean, p_origin text) RETURNS boolean
LANGUAGE plpgsql AS $$
DECLARE
    v_was_approved boolean;
    v_at timestamptz := clock_timestamp();
    v_drafts text;
    v_count int;
BEGIN
    SELECT approved_at IS NOT NULL INTO v_was_approved FROM organizations WHERE id = p_org FOR UPDATE;
    IF NOT FOUND THEN
        RETURN false;
    END IF;
    IF NOT p_approve THEN
        UPDATE organizations SET rejected_at = v_at, approved_at = NULL, review_pending = false, active = false WHERE id = p_org;
        RETURN true;
    END IF;
    UPDATE organizations SET approved_at = v_at, rejected_at = NULL, review_pending = false, active = true WHERE id = p_org;
    IF v_was_approved THEN
        RETURN true;
    END IF;
    -- The jobs written before the approval (the registration's first job among them) are drafts:
    -- nothing is published without its provider asking (the fair-pay and wording checks run then).
    SELECT string_agg('„' || title || '“', ', ' ORDER BY id), count(*) INTO v_drafts, v_count
      FROM (SELECT id, title FROM job_postings
             WHERE organization_id = p_org AND NOT is_published AND published_at IS NULL AND active
             ORDER BY id LIMIT 5) d;
    PERFORM jh_mail_owners(p_org, 'organization_approved', jsonb_build_object(
                                  'organization_name', (SELECT name FROM organizations WHERE id = p_org),
                                  'job_note', CASE WHEN v_drafts IS NULL
                                                   THEN 'Sie können jetzt Ihre erste Stellenanzeige anlegen und veröffentlichen.'
                                                   WHEN v_count = 1
                                                   THEN 'Ihre Stellenanzeige ' || v_drafts || ' liegt als Entwurf in Ihrem Portal. '
                                                        || 'Prüfen Sie sie noch einmal und veröffentlichen Sie sie mit einem Klick.'
                                                   ELSE 'Ihre Stellenanzeigen ' || v_drafts || ' liegen als Entwürfe in Ihrem Portal. '
                                                        || 'Prüfen Sie sie noch einmal und veröffentlichen Sie sie mit einem Klick.' END,
                                  'portal_link', p_origin || '/recruiting/portal'),
                           'organization_approved:' || p_org || ':' || extract(epoch FROM v_at)::text);
    RETURN true;
END;
$$;
