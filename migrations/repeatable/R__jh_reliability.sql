-- R__jh_reliability.sql: a candidate's reliability as the organization she applied to sees it on
-- the applicant card (issue 43, item 4; docs/shifts.md "Reliability and ratings after a shift").
-- A repeatable migration: edit this file to change it.
--
-- Figures only, across all of Jobhafen: shifts worked (hours approved or corrected, the seven-day
-- approval included) and shifts marked "nicht erschienen", of the last p_days days by the
-- shift's planned end — never which organization, job or date. Plus the asking organization's
-- own reliability ratings of her (count and average), never another organization's. The caller
-- decides who may see it (the organization's own forwarded application); NULL for an account
-- that is gone.
CREATE OR REPLACE FUNCTION jh_reliability_of(p_account bigint, p_org bigint, p_days integer DEFAULT 90) RETURNS jsonb
LANGUAGE sql STABLE AS $$
    SELECT CASE WHEN p_account IS NULL OR p_account <= 0 THEN NULL ELSE jsonb_build_object(
               'workedShifts', (SELECT count(*) FROM shift_time_records r
                                 WHERE r.candidate_account_id = p_account AND r.status IN ('approved', 'corrected')
                                   AND r.planned_end > now() - make_interval(days => p_days)),
               'noShows', (SELECT count(*) FROM shift_time_records r
                            WHERE r.candidate_account_id = p_account AND r.status = 'no_show'
                              AND r.planned_end > now() - make_interval(days => p_days)),
               'days', p_days,
               'ownRatings', (SELECT CASE WHEN count(*) = 0 THEN NULL
                                          ELSE jsonb_build_object('count', count(*), 'averageStars', round(avg(w.stars), 1)) END
                                FROM worker_reliability_ratings w
                               WHERE w.candidate_account_id = p_account AND w.organization_id = p_org)) END
$$;
