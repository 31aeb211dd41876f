-- 0050_provider_access.sql
-- Who among the providers may see a candidate (docs/accounts.md, "Provider access"): an
-- organization is reviewed by an administrator (`jobhafen admin organizations approve|reject`),
-- may own the candidate-search product, and jh_provider_may_see() is the one rule every route that
-- answers candidate data asks. Impersonation grants and the administrators' audit log.
-- Owned by actors/accounts/ (impersonation) and workers/admin.cpp (the review).

-- The review: approved_at set by `admin organizations approve`, rejected_at by `reject`. An
-- organization created by an operator (seed, SQL) is approved from the start; the self-service
-- registration inserts approved_at NULL and review_pending true.
ALTER TABLE organizations ADD COLUMN approved_at timestamptz DEFAULT now();
ALTER TABLE organizations ADD COLUMN rejected_at timestamptz;
-- The candidate-search product (Bewerberdatenbank), booked through an administrator.
ALTER TABLE organizations ADD COLUMN candidate_search boolean NOT NULL DEFAULT false;
-- Registrations still waiting for their review are not approved.
UPDATE organizations SET approved_at = NULL WHERE review_pending;
CREATE INDEX organizations_review_idx ON organizations (created_at) WHERE review_pending;

-- A provider (`p_member`) may see the candidate behind `p_candidate` (an account id) when the
-- member's address is confirmed, the member is not blocked, its organization is approved and not
-- rejected, and either the candidate applied to one of that organization's jobs, or the candidate
-- is searchable and the organization has candidate search. Administrators see what is searchable
-- or applied anywhere. Everyone else: false.
CREATE OR REPLACE FUNCTION jh_provider_may_see(p_member bigint, p_candidate bigint) RETURNS boolean
LANGUAGE sql STABLE PARALLEL SAFE
AS $$
    SELECT coalesce((
        SELECT CASE
                 WHEN m.role = 'admin' THEN
                      NOT m.blocked
                      AND (c.searchable_by_providers
                           OR EXISTS (SELECT 1 FROM applications x WHERE x.candidate_account_id = c.id))
                 WHEN m.role = 'organization_member' THEN
                      NOT m.blocked AND m.email_verified_at IS NOT NULL
                      AND o.approved_at IS NOT NULL AND o.rejected_at IS NULL
                      AND (EXISTS (SELECT 1 FROM applications x JOIN job_postings j ON j.id = x.job_posting_id
                                    WHERE x.candidate_account_id = c.id AND j.organization_id = o.id)
                           OR (c.searchable_by_providers AND o.candidate_search))
                 ELSE false
               END
          FROM accounts m
          JOIN accounts c ON c.id = p_candidate AND c.role = 'candidate'
          LEFT JOIN organizations o ON o.id = m.organization_id
         WHERE m.id = p_member), false)
$$;

-- An active provider: confirmed address, not blocked, organization approved. Only an active
-- member may act for its organization (application status, search status).
CREATE OR REPLACE FUNCTION jh_active_member_of(p_member bigint) RETURNS bigint
LANGUAGE sql STABLE PARALLEL SAFE
AS $$
    SELECT o.id FROM accounts m JOIN organizations o ON o.id = m.organization_id
     WHERE m.id = p_member AND m.role = 'organization_member' AND NOT m.blocked AND m.email_verified_at IS NOT NULL
       AND o.approved_at IS NOT NULL AND o.rejected_at IS NULL
$$;

-- Impersonation starts with an administrator's POST /api/admin/impersonations: a short-lived grant
-- whose token (only its SHA-256 here) the `_switch_user` header then carries.
CREATE TABLE impersonation_grants (
    id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    token_hash        text NOT NULL UNIQUE CHECK (token_hash ~ '^[0-9a-f]{64}$'),
    admin_account_id  bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    target_account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    created_at        timestamptz NOT NULL DEFAULT now(),
    expires_at        timestamptz NOT NULL,
    ended_at          timestamptz
);
CREATE INDEX impersonation_grants_target_idx ON impersonation_grants (target_account_id);

-- What administrators did to other people's accounts: who, whom, when, from where. Kept when
-- either account is deleted (no foreign keys; ids only, no addresses).
CREATE TABLE admin_audit_log (
    id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    action            text NOT NULL CHECK (action IN ('impersonation_start', 'impersonation_end')),
    admin_account_id  bigint NOT NULL,
    target_account_id bigint,
    client_ip         text CHECK (length(client_ip) <= 64),
    created_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX admin_audit_log_created_idx ON admin_audit_log (created_at);
