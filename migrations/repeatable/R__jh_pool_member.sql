-- R__jh_pool_member.sql: whether an account is a member of an organization's pool now (issue 43
-- item 7, docs/shifts.md "The pool of regulars"): its consent to one of the organization's pool
-- invitations is accepted, not revoked, and has not run out (pool_invitations, 0280). Asked when a
-- shift offered to the pool first is chosen, and for confirming a member's choice at once.
CREATE OR REPLACE FUNCTION jh_pool_member(p_organization bigint, p_account bigint) RETURNS boolean
LANGUAGE sql STABLE PARALLEL SAFE
RETURN EXISTS (SELECT 1 FROM pool_invitations p
                WHERE p.organization_id = p_organization AND p.candidate_account_id = p_account
                  AND p.status = 'accepted' AND p.consent_until > now());
COMMENT ON FUNCTION jh_pool_member(bigint, bigint) IS
    'True while the account''s consent to the organization''s pool runs (accepted, not revoked, not expired).';
