-- R__jh_candidate_account_findable.sql: whether providers may find the candidate account p_account
-- without an application: the candidate chose "searchable by providers", confirmed the address
-- and is not blocked. The one rule behind the candidate search (jh_candidate_findable, by
-- profile) and behind what a provider may see of a candidate who did not apply
-- (jh_provider_may_see): images of a blocked or unconfirmed candidate are never shown to it.
CREATE OR REPLACE FUNCTION jh_candidate_account_findable(p_account bigint) RETURNS boolean
LANGUAGE sql STABLE PARALLEL SAFE
AS $$
    SELECT coalesce((SELECT a.role = 'candidate' AND a.searchable_by_providers AND NOT a.blocked
                            AND a.email_verified_at IS NOT NULL
                       FROM accounts a WHERE a.id = p_account), false)
$$;
