-- R__jh_provider_may_see.sql: the current definition of jh_provider_may_see
-- (first in 0050_provider_access.sql).
-- A repeatable migration: edit this file to change the function; it is re-applied when its
-- checksum changes (docs/running.md, "Migrations").
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
