-- R__jh_rating_eligibility.sql: whether a candidate may rate an organization (docs/candidate-actions.md,
-- "Ratings"), the one rule behind both the rating's insert (actors/ratings/ratings_actor.cpp) and the
-- question the rating form asks before it is filled in (GET /api/organizations/{id}/star_rating_eligibility;
-- issue 41, item 16). Allowed: an activated account (address confirmed, not blocked); for a named job
-- with shifts an approved (or corrected) shift of that job; otherwise at least p_min_applications
-- applications or an approved shift at the organization (issue 43, item 5). `after_shift`: an approved
-- shift backs it. `rated_at`: her rating of the organization, when she has one (one per organization).
CREATE OR REPLACE FUNCTION jh_rating_eligibility(p_account bigint, p_org bigint, p_job bigint, p_min_applications integer)
RETURNS TABLE (organization_exists boolean, job_ok boolean, job_has_shifts boolean, active boolean,
               applications bigint, after_shift boolean, allowed boolean, rated_at timestamptz)
LANGUAGE sql STABLE
AS $$
    WITH me AS (SELECT a.email_verified_at IS NOT NULL AND NOT a.blocked AS active,
                       (SELECT count(*) FROM applications x WHERE x.candidate_account_id = a.id) AS applications
                  FROM accounts a WHERE a.id = p_account),
         job AS (SELECT EXISTS (SELECT 1 FROM shifts s WHERE s.job_posting_id = j.id) AS has_shifts
                   FROM job_postings j WHERE j.id = p_job AND j.organization_id = p_org),
         facts AS (SELECT EXISTS (SELECT 1 FROM organizations WHERE id = p_org AND organizations.active) AS organization_exists,
                          p_job IS NULL OR EXISTS (SELECT 1 FROM job) AS job_ok,
                          coalesce((SELECT has_shifts FROM job), false) AS job_has_shifts,
                          coalesce((SELECT me.active FROM me), false) AS active,
                          coalesce((SELECT me.applications FROM me), 0) AS applications,
                          EXISTS (SELECT 1 FROM shift_time_records t LEFT JOIN shifts s ON s.id = t.shift_id
                                   WHERE t.candidate_account_id = p_account AND t.organization_id = p_org
                                     AND t.status IN ('approved', 'corrected')
                                     AND (p_job IS NULL OR s.job_posting_id = p_job)) AS after_shift)
    SELECT f.organization_exists, f.job_ok, f.job_has_shifts, f.active, f.applications, f.after_shift,
           f.active AND f.job_ok AND CASE WHEN f.job_has_shifts THEN f.after_shift
                                          ELSE f.applications >= p_min_applications OR f.after_shift END,
           (SELECT r.created_at FROM organization_star_ratings r WHERE r.organization_id = p_org AND r.account_id = p_account)
      FROM facts AS f
$$;
