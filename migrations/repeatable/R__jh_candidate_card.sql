-- R__jh_candidate_card.sql: a candidate as the candidate search shows it to organization p_org
-- (docs/providers.md, "Candidate search"). Never contact data: no e-mail, phone, street, postal
-- code, social profiles, full birth date, bank, tax or health data; the last name only as its
-- initial and the age as a band. p_detail adds the sedcard sections a provider needs to judge
-- the fit (summary, work preference, skills, languages, experience, schooling, mobility,
-- appearance). p_lat/p_lon (both or neither): the distance to that point in km.
CREATE OR REPLACE FUNCTION jh_candidate_card(p_profile bigint, p_org bigint, p_lat double precision,
                                             p_lon double precision, p_detail boolean) RETURNS jsonb
LANGUAGE sql STABLE
AS $$
    SELECT jsonb_build_object(
               '@id', '/api/organizations/' || p_org || '/candidate_search/' || p.id,
               '@type', 'CandidateCard',
               'id', p.id,
               'candidateProfile', '/api/candidate_profiles/' || p.id,
               'firstName', p.first_name,
               'lastNameInitial', CASE WHEN p.last_name = '' THEN NULL ELSE upper(left(p.last_name, 1)) || '.' END,
               'ageBand', CASE WHEN b.y IS NULL THEN NULL WHEN b.y < 18 THEN 'unter 18' WHEN b.y < 25 THEN '18–24'
                               WHEN b.y < 35 THEN '25–34' WHEN b.y < 45 THEN '35–44' WHEN b.y < 55 THEN '45–54'
                               WHEN b.y < 65 THEN '55–64' ELSE '65+' END,
               'city', coalesce(pl.name, p.search_city),
               'activities', coalesce((SELECT jsonb_agg(jsonb_build_object('slug', ac.slug, 'name', ac.name)
                                                        ORDER BY ac.sort_order, ac.name)
                                         FROM activities ac
                                        WHERE ac.slug IN (SELECT jsonb_array_elements_text(coalesce(p.sedcard -> 'workPreference' -> 'preferredActivities', '[]'))
                                                          UNION
                                                          SELECT s ->> 'skill' FROM jsonb_array_elements(coalesce(p.sedcard -> 'activitySkills', '[]')) s)),
                                      '[]'::jsonb),
               'employmentStatus', p.sedcard -> 'jobEmployment' ->> 'jobEmploymentStatus',
               'workingTimes', coalesce(p.sedcard -> 'workPreference' -> 'preferredWorkingTimes', '[]'::jsonb),
               'completenessPercent', p.completeness_percent,
               'portrait', CASE WHEN p.profile_image_portrait_id IS NULL THEN NULL
                                ELSE '/api/profile_images/file/' || p.profile_image_portrait_id || '?filter=thumbnail' END,
               'distanceKm', CASE WHEN p_lat IS NULL OR p.search_geo IS NULL THEN NULL
                                  ELSE round((earth_distance(p.search_geo, jh_earth(p_lat, p_lon)) / 1000)::numeric, 1) END,
               'searchStatus', coalesce(st.status, 'none'),
               'updatedAt', to_char(p.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'))
           || CASE WHEN NOT p_detail THEN '{}'::jsonb ELSE jsonb_strip_nulls(jsonb_build_object(
               'profileSummary', p.sedcard -> 'profileSummary',
               'gender', p.sedcard -> 'gender',
               'nationality', p.sedcard -> 'nationality',
               'jobEmployment', p.sedcard -> 'jobEmployment',
               'workPreference', p.sedcard -> 'workPreference',
               'activitySkills', p.sedcard -> 'activitySkills',
               'languages', p.sedcard -> 'languages',
               'workExperiences', p.sedcard -> 'workExperiences',
               'promotionExperiences', p.sedcard -> 'promotionExperiences',
               'schoolings', p.sedcard -> 'schoolings',
               'mobility', p.sedcard -> 'mobility',
               'appearance', p.sedcard -> 'appearance',
               'lastContactedAt', (SELECT to_char(max(c.created_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
                                     FROM candidate_contacts c WHERE c.profile_id = p.id AND c.organization_id = p_org)))
              END
      FROM candidate_profiles p
      LEFT JOIN places pl ON pl.id = p.search_place_id
      CROSS JOIN LATERAL (SELECT CASE WHEN p.sedcard ->> 'birthDate' ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'
                                      THEN extract(year FROM age(current_date, (p.sedcard ->> 'birthDate')::date))::int END AS y) b
      LEFT JOIN candidate_search_status st ON st.organization_id = p_org AND st.profile_id = p.id
     WHERE p.id = p_profile
$$;
