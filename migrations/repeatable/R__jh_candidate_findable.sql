-- R__jh_candidate_findable.sql: whether the candidate search may show profile p_profile at all:
-- its account is findable (jh_candidate_account_findable: searchable, confirmed, not blocked).
-- The one rule every search route asks, so an unsearchable candidate is never found nor opened.
CREATE OR REPLACE FUNCTION jh_candidate_findable(p_profile bigint) RETURNS boolean
LANGUAGE sql STABLE
AS $$
    SELECT coalesce((SELECT jh_candidate_account_findable(p.account_id) FROM candidate_profiles p WHERE p.id = p_profile), false)
$$;
