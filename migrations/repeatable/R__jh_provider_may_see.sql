-- R__jh_provider_may_see.sql: the current definition of jh_provider_may_see
-- (first in 0050_provider_access.sql).
-- A repeatable migration: edit this file to change the function; it is re-applied when its
-- checksum changes (docs/running.md, "Migrations").
-- A provider (`p_member`) may see the candidate behind `p_candidate` (an account id, not blocked)
-- when the member's address is confirmed, the member is not blocked, its organization is live
-- (approved, not rejected, not blocked by an administrator), and either the candidate's application to one of that organization's jobs was
-- forwarded (an application held until the candidate confirms the address is not), or the
-- candidate is findable (jh_candidate_account_findable: searchable, confirmed, not blocked) and the
-- organization has candidate search. Administrators see what is findable or applied anywhere.
-- An application anonymized after its organization's retention period (issue 42 item 4,
-- R__jh_application_retention.sql) no longer counts as a ground.
-- Everyone else: false. Every route that answers candidate data asks this, images included.
CREATE OR REPLACE FUNCTION jh_provider_may_see(p_member bigint, p_candidate bigint) RETURNS boolean
LANGUAGE sql STABLE PARALLEL SAFE
AS $$
    SELECT coalesce((
        SELECT CASE
                 WHEN m.role = 'admin' THEN
                      NOT m.blocked
                      AND (jh_candidate_account_findable(c.id)
                           OR EXISTS (SELECT 1 FROM applications x WHERE x.candidate_account_id = c.id AND x.forwarded_at IS NOT NULL
                                      AND x.anonymized_at IS NULL))
                 WHEN m.role = 'organization_member' THEN
                      NOT m.blocked AND m.email_verified_at IS NOT NULL
                      AND o.approved_at IS NOT NULL AND o.rejected_at IS NULL AND o.active
                      AND (EXISTS (SELECT 1 FROM applications x JOIN job_postings j ON j.id = x.job_posting_id
                                    WHERE x.candidate_account_id = c.id AND x.forwarded_at IS NOT NULL
                                      AND x.anonymized_at IS NULL AND j.organization_id = o.id)
                           OR (o.candidate_search AND jh_candidate_account_findable(c.id)))
                 ELSE false
               END
          FROM accounts m
          JOIN accounts c ON c.id = p_candidate AND c.role = 'candidate' AND NOT c.blocked
          LEFT JOIN organizations o ON o.id = m.organization_id
         WHERE m.id = p_member), false)
$$;
