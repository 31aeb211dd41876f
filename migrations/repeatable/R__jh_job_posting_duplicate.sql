-- R__jh_job_posting_duplicate.sql: the current definition of jh_job_posting_duplicate
-- (first in 0090_provider_jobs.sql).
-- A repeatable migration: edit this file to change the function; it is re-applied when its
-- checksum changes (docs/running.md, "Migrations").
-- A copy of job p_id as a new draft of the same organization (fields, lists and locations; no
-- flags, dates or applications), titled "… (Kopie)" (jh_copy_title), published in the same
-- channels (publication_channels, issue 44 item 5) that are still offered: a retired one, which no
-- provider can choose any more, is not copied (review 24, finding 7). Returns the new id.
CREATE OR REPLACE FUNCTION jh_job_posting_duplicate(p_id bigint) RETURNS bigint
LANGUAGE plpgsql
AS $$
DECLARE
    v_new bigint := nextval(pg_get_serial_sequence('job_postings', 'id'));
BEGIN
    INSERT INTO job_postings (id, slug, organization_id, title, description, brands, tags, location_description,
                              period_description, salary_description, base_salary, salary_unit, salary_currency,
                              overnight_stay_allowance, travel_expenses, special_payments, working_time, benefits,
                              requirement, contact_name, contact_email, contact_phone, logo_path,
                              base_salary_max, wage_exemption, publication_channels)
    SELECT v_new, jh_job_posting_slug(j.title, v_new), j.organization_id, jh_copy_title(j.title), j.description, j.brands, j.tags,
           j.location_description, j.period_description, j.salary_description, j.base_salary, j.salary_unit,
           j.salary_currency, j.overnight_stay_allowance, j.travel_expenses, j.special_payments, j.working_time,
           j.benefits, j.requirement, j.contact_name, j.contact_email, j.contact_phone, j.logo_path,
           j.base_salary_max, j.wage_exemption,
           ARRAY(SELECT c FROM unnest(j.publication_channels) WITH ORDINALITY AS u(c, n)
                  WHERE EXISTS (SELECT 1 FROM publication_channels p WHERE p.slug = u.c AND p.active) ORDER BY u.n)
      FROM job_postings j WHERE j.id = p_id;
    INSERT INTO job_posting_activities (job_posting_id, activity_id)
    SELECT v_new, activity_id FROM job_posting_activities WHERE job_posting_id = p_id;
    INSERT INTO job_posting_employment_types (job_posting_id, employment_type_id)
    SELECT v_new, employment_type_id FROM job_posting_employment_types WHERE job_posting_id = p_id;
    INSERT INTO job_posting_industries (job_posting_id, industry_id)
    SELECT v_new, industry_id FROM job_posting_industries WHERE job_posting_id = p_id;
    INSERT INTO job_posting_locations (job_posting_id, place_id, name, street, zipcode, city, country, lat, lon, sort_order)
    SELECT v_new, place_id, name, street, zipcode, city, country, lat, lon, sort_order
      FROM job_posting_locations WHERE job_posting_id = p_id;
    RETURN v_new;
END;
$$;
