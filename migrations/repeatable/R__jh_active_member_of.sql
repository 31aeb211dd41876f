-- R__jh_active_member_of.sql: the current definition of jh_active_member_of
-- (first in 0050_provider_access.sql).
-- A repeatable migration: edit this file to change the function; it is re-applied when its
-- checksum changes (docs/running.md, "Migrations").
-- An active provider: confirmed address, not blocked, organization live (approved, not rejected,
-- not blocked by an administrator). Only an active member may act for its organization
-- (application status, search status, notes, the applicants' list and export, messages).
CREATE OR REPLACE FUNCTION jh_active_member_of(p_member bigint) RETURNS bigint
LANGUAGE sql STABLE PARALLEL SAFE
AS $$
    SELECT o.id FROM accounts m JOIN organizations o ON o.id = m.organization_id
     WHERE m.id = p_member AND m.role = 'organization_member' AND NOT m.blocked AND m.email_verified_at IS NOT NULL
       AND o.approved_at IS NOT NULL AND o.rejected_at IS NULL AND o.active
$$;
