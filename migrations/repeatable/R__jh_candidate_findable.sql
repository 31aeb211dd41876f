-- R__jh_candidate_findable.sql: whether the candidate search may show profile p_profile at all:
-- the candidate chose "searchable by providers", confirmed the address and is not blocked. The
-- one rule every search route asks, so an unsearchable candidate is never found nor opened.
CREATE OR REPLACE FUNCTION jh_candidate_findable(p_profile bigint) RETURNS boolean
LANGUAGE sql STABLE
AS $$
    SELECT coalesce((SELECT a.role = 'candidate' AND a.searchable_by_providers AND NOT a.blocked
                            AND a.email_verified_at IS NOT NULL
                       FROM candidate_profiles p JOIN accounts a ON a.id = p.account_id
                      WHERE p.id = p_profile), false)
$$;
