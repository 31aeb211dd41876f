-- R__jh_pool_invitation_json.sql: a pool invitation as the API answers it (issue 42 item 4, issue
-- 43 item 7; pool_invitations, 0280). `p_provider`: the organization's view, with the candidate's
-- name while the application is not anonymized; else the candidate's own view, with the
-- organization's name and the consent text she answers.
CREATE OR REPLACE FUNCTION jh_pool_invitation_json(p_id bigint, p_provider boolean) RETURNS jsonb
LANGUAGE sql STABLE PARALLEL SAFE
AS $$
    SELECT jsonb_build_object(
             '@id', '/api/pool_invitations/' || p.id,
             '@type', 'PoolInvitation',
             'id', p.id,
             'kind', p.kind,
             'status', p.status,
             'member', p.status = 'accepted' AND p.consent_until > now(),
             'invitedAt', p.invited_at,
             'decidedAt', p.decided_at,
             'consentUntil', p.consent_until,
             'revokedAt', p.revoked_at,
             'consentTextVersion', p.consent_text_version,
             'organization', jsonb_build_object('id', o.id, 'name', o.name))
           || CASE WHEN p_provider THEN jsonb_build_object(
                  'application', '/api/applications/' || x.id,
                  'applicationId', x.id,
                  'jobTitle', j.title,
                  'candidate', CASE WHEN x.anonymized_at IS NULL
                                    THEN jsonb_build_object('firstName', coalesce(cp.first_name, ''), 'lastName', coalesce(cp.last_name, ''))
                               END)
              ELSE jsonb_build_object('jobTitle', j.title, 'consentText', p.consent_text) END
      FROM pool_invitations p
      JOIN organizations o ON o.id = p.organization_id
      JOIN applications x ON x.id = p.application_id
      JOIN job_postings j ON j.id = x.job_posting_id
      LEFT JOIN candidate_profiles cp ON cp.account_id = p.candidate_account_id
     WHERE p.id = p_id
$$;
COMMENT ON FUNCTION jh_pool_invitation_json(bigint, boolean) IS
    'A pool invitation''s JSON: the organization''s view (p_provider) or the candidate''s.';
