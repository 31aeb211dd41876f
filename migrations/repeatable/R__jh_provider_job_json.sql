-- R__jh_provider_job_json.sql: the current definition of jh_provider_job_json
-- (first in 0090_provider_jobs.sql).
-- A repeatable migration: edit this file to change the function; it is re-applied when its
-- checksum changes (docs/running.md, "Migrations").
-- The provider's view of one job: every field it edits, its state and counters (docs/providers.md);
-- the job list's columns (issue 29): applications, page views in the last 30 days (the server's
-- counter, jh_job_views_last_30_days) and the days left until validThrough.
CREATE OR REPLACE FUNCTION jh_provider_job_json(p_id bigint) RETURNS jsonb
LANGUAGE sql STABLE
AS $$
    SELECT jsonb_build_object(
        '@id', '/api/job_postings/' || j.id, '@type', 'JobPosting', 'id', j.id, 'slug', j.slug,
        'organization', '/api/organizations/' || j.organization_id,
        'state', jh_job_posting_state(j.review_since, j.is_published, j.active, j.published_at, j.valid_through),
        'title', j.title, 'description', j.description,
        'activities', coalesce((SELECT jsonb_agg(jsonb_build_object('id', a.id, 'slug', a.slug, 'name', a.name) ORDER BY a.sort_order, a.name)
                                  FROM activities a WHERE a.id = ANY (j.activity_ids)), '[]'),
        'employmentTypes', coalesce((SELECT jsonb_agg(jsonb_build_object('id', e.id, 'slug', e.slug, 'name', e.name) ORDER BY e.sort_order, e.name)
                                       FROM employment_types e WHERE e.id = ANY (j.employment_type_ids)), '[]'),
        'industries', coalesce((SELECT jsonb_agg(jsonb_build_object('id', i.id, 'slug', i.slug, 'name', i.name) ORDER BY i.sort_order, i.name)
                                  FROM industries i WHERE i.id = ANY (j.industry_ids)), '[]'),
        'brands', to_jsonb(j.brands), 'tags', to_jsonb(j.tags),
        'locations', coalesce((SELECT jsonb_agg(jsonb_build_object('id', l.id, 'street', l.street, 'zipcode', l.zipcode,
                                                                   'city', l.city, 'country', l.country, 'lat', l.lat,
                                                                   'lon', l.lon, 'placeId', l.place_id)
                                                ORDER BY l.sort_order, l.id)
                                 FROM job_posting_locations l WHERE l.job_posting_id = j.id), '[]'),
        'locationDescription', j.location_description, 'periodDescription', j.period_description,
        'salaryDescription', j.salary_description, 'baseSalary', j.base_salary, 'salaryUnit', j.salary_unit,
        'salaryCurrency', j.salary_currency, 'overnightStayAllowance', j.overnight_stay_allowance,
        'travelExpenses', j.travel_expenses, 'specialPayments', j.special_payments,
        'workingTime', j.working_time, 'benefits', j.benefits, 'requirement', j.requirement,
        'contact', jsonb_build_object('name', j.contact_name, 'email', j.contact_email::text, 'phone', j.contact_phone),
        'validThrough', j.valid_through,
        'isPublished', j.is_published AND j.active, 'top_job', j.top_job, 'instant_teaser_job', j.instant_teaser_job,
        'top_offer', j.top_offer, 'sponsored', j.sponsored, 'opportunity', j.opportunity,
        'applicationsCount', (SELECT count(*) FROM applications x WHERE x.job_posting_id = j.id),
        'viewsLast30Days', jh_job_views_last_30_days(j.id),
        -- Berlin calendar days from today to the end day: 0 ends today; negative once it has
        -- ended (at least -1, also when it ended earlier today); null without an end date.
        'daysLeft', CASE WHEN j.valid_through IS NULL THEN NULL
                         WHEN j.valid_through <= now() THEN least(-1, (j.valid_through AT TIME ZONE 'Europe/Berlin')::date
                                                                      - (now() AT TIME ZONE 'Europe/Berlin')::date)
                         ELSE (j.valid_through AT TIME ZONE 'Europe/Berlin')::date - (now() AT TIME ZONE 'Europe/Berlin')::date END,
        'createdAt', j.created_at, 'updatedAt', j.updated_at, 'publishedAt', j.published_at, 'closedAt', j.closed_at,
        'publicUrl', '/jobs/' || j.slug)
        -- Issue 42 (docs/fair-play.md): the pay range's upper end, the minimum-wage exemption, and
        -- whether the pay is missing (a job published before pay was required keeps running; the
        -- portal marks it "Lohnangabe fehlt"). A second object: jsonb_build_object takes at most 100 arguments.
        || jsonb_build_object('baseSalaryMax', j.base_salary_max, 'wageExemption', j.wage_exemption,
                              'payMissing', j.base_salary IS NULL OR j.salary_unit IS NULL,
                              -- Issue 44 item 5 (docs/reach.md, "Kanäle pro Anzeige"): the slugs of the
                              -- channels chosen that are offered now, in the editor's order (a channel the
                              -- operator retired is not offered, so the editor never sends it back).
                              'channels', coalesce((SELECT jsonb_agg(c.slug ORDER BY c.sort_order, c.slug)
                                                      FROM publication_channels c
                                                     WHERE c.active AND c.slug = ANY (j.publication_channels)), '["jobhafen"]'),
                              -- Issue 42 item 3: the administrators' review of a text the wording check
                              -- flagged (state 'review' while it waits; the last rejection's reason).
                              'review', jsonb_build_object('since', j.review_since, 'findings', coalesce(j.review_findings, '[]'),
                                                           'rejectedAt', j.review_rejected_at, 'rejection', j.review_rejection))
      FROM job_postings j WHERE j.id = p_id
$$;
