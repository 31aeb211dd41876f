-- 0090_provider_jobs.sql
-- What providers need to run their own job postings (docs/providers.md): owner and member within
-- an organization, the quota of published ads an administrator sets, the moment a job was closed,
-- and the one definition of a job's state (draft, published, paused, closed) that the provider's
-- list filters by. Owned by actors/organizations/organization_editor.* and
-- actors/jobs/job_postings_editor.*; the quota and paid flags by `jobhafen admin organizations`.

-- Owner or member of its organization; NULL for candidates and administrators. The first member
-- of an organization becomes its owner, whoever inserts it (registration, an operator's SQL).
ALTER TABLE accounts ADD COLUMN organization_role text CHECK (organization_role IN ('owner', 'member'));

CREATE OR REPLACE FUNCTION jh_accounts_organization_role() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.role <> 'organization_member' OR NEW.organization_id IS NULL THEN
        NEW.organization_role := NULL;
    ELSIF NEW.organization_role IS NULL
          OR (TG_OP = 'UPDATE' AND OLD.organization_id IS DISTINCT FROM NEW.organization_id) THEN
        NEW.organization_role := CASE
            WHEN EXISTS (SELECT 1 FROM accounts a
                          WHERE a.organization_id = NEW.organization_id AND a.role = 'organization_member'
                            AND a.id <> NEW.id)
            THEN 'member' ELSE 'owner' END;
    END IF;
    RETURN NEW;
END;
$$;

CREATE TRIGGER accounts_organization_role BEFORE INSERT OR UPDATE OF role, organization_id ON accounts
    FOR EACH ROW EXECUTE FUNCTION jh_accounts_organization_role();

-- Members that exist already: the earliest of each organization owns it.
UPDATE accounts AS a
   SET organization_role = CASE WHEN a.id = (SELECT min(b.id) FROM accounts b
                                              WHERE b.organization_id = a.organization_id AND b.role = 'organization_member')
                                THEN 'owner' ELSE 'member' END
 WHERE a.role = 'organization_member' AND a.organization_id IS NOT NULL;

CREATE INDEX accounts_organization_idx ON accounts (organization_id) WHERE organization_id IS NOT NULL;

-- How many jobs an organization may have published at once (published, open, not expired). A new
-- organization gets the one free ad; organizations that existed keep what they have live.
ALTER TABLE organizations ADD COLUMN active_ad_quota integer NOT NULL DEFAULT 1
    CHECK (active_ad_quota BETWEEN 0 AND 100000);
UPDATE organizations AS o
   SET active_ad_quota = greatest(1, (SELECT count(*) FROM job_postings j
                                       WHERE j.organization_id = o.id AND j.is_published AND j.active));

-- Closed by its provider (final; the job then answers 410). active = false goes with it.
ALTER TABLE job_postings ADD COLUMN closed_at timestamptz;

-- The provider's view of a job's state; the only place it is defined.
CREATE OR REPLACE FUNCTION jh_job_posting_state(p_is_published boolean, p_active boolean,
                                                p_published_at timestamptz, p_valid_through timestamptz)
RETURNS text
LANGUAGE sql STABLE PARALLEL SAFE
RETURN CASE
    -- An ad that ran out is over; a draft with a past end date is still a draft (publishing asks
    -- for a new date).
    WHEN NOT p_active OR (p_published_at IS NOT NULL AND p_valid_through IS NOT NULL AND p_valid_through <= now()) THEN 'closed'
    WHEN p_is_published THEN 'published'
    WHEN p_published_at IS NOT NULL THEN 'paused'
    ELSE 'draft'
END;

COMMENT ON FUNCTION jh_job_posting_state(boolean, boolean, timestamptz, timestamptz) IS
  'draft | published | paused | closed (closed also when a once published job''s validThrough has passed); docs/providers.md.';

-- The provider's job list, newest change first.
CREATE INDEX job_postings_organization_updated_idx ON job_postings (organization_id, updated_at DESC, id DESC);

------------------------------------------------------------------------------------------------
-- Reading and writing a job posting for its provider (actors/jobs/job_postings_editor.cpp)
------------------------------------------------------------------------------------------------

-- The provider's view of one job: every field it edits, its state and counters (docs/providers.md).
CREATE OR REPLACE FUNCTION jh_provider_job_json(p_id bigint) RETURNS jsonb
LANGUAGE sql STABLE
AS $$
    SELECT jsonb_build_object(
        '@id', '/api/job_postings/' || j.id, '@type', 'JobPosting', 'id', j.id, 'slug', j.slug,
        'organization', '/api/organizations/' || j.organization_id,
        'state', jh_job_posting_state(j.is_published, j.active, j.published_at, j.valid_through),
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
        'createdAt', j.created_at, 'updatedAt', j.updated_at, 'publishedAt', j.published_at, 'closedAt', j.closed_at,
        'publicUrl', '/jobs/' || j.slug)
      FROM job_postings j WHERE j.id = p_id
$$;

-- Activities, employment types or industries named by id or slug (text) → their ids, in the
-- order given; an unknown entry gives a NULL id.
CREATE OR REPLACE FUNCTION jh_reference_ids(p_kind text, p_values jsonb)
RETURNS TABLE (ord bigint, id integer)
LANGUAGE sql STABLE
AS $$
    SELECT u.ord, r.id
      FROM jsonb_array_elements_text(p_values) WITH ORDINALITY AS u(v, ord)
      LEFT JOIN LATERAL (
            SELECT a.id FROM activities a WHERE p_kind = 'activities' AND (a.slug = u.v OR a.id::text = u.v)
            UNION ALL
            SELECT e.id FROM employment_types e WHERE p_kind = 'employmentTypes' AND (e.slug = u.v OR e.id::text = u.v)
            UNION ALL
            SELECT i.id FROM industries i WHERE p_kind = 'industries' AND (i.slug = u.v OR i.id::text = u.v)
            LIMIT 1) AS r ON true
$$;

-- Offline geocoding of job locations through the places table: [{placeId} | {city, country}] →
-- the place of each, in order (NULL place_id when unknown). A city is found by its slug (umlauts
-- folded), towns before districts, the most populous first.
CREATE OR REPLACE FUNCTION jh_job_location_places(p_locations jsonb)
RETURNS TABLE (ord bigint, place_id integer, name text, country text, lat double precision, lon double precision)
LANGUAGE sql STABLE
AS $$
    SELECT u.ord, coalesce(a.id, b.id), coalesce(a.name, b.name), coalesce(a.country, b.country),
           coalesce(a.lat, b.lat), coalesce(a.lon, b.lon)
      FROM jsonb_array_elements(p_locations) WITH ORDINALITY AS u(l, ord)
      LEFT JOIN LATERAL (SELECT x.id, x.name, x.country, x.lat, x.lon FROM places x
                          WHERE x.id = (u.l ->> 'placeId')::integer) AS a ON true
      LEFT JOIN LATERAL (SELECT x.id, x.name, x.country, x.lat, x.lon FROM places x
                          WHERE u.l ->> 'placeId' IS NULL
                            AND x.slug = jh_slug(u.l ->> 'city') AND x.country = coalesce(u.l ->> 'country', 'de')
                          ORDER BY (x.kind = 'city') DESC, x.population DESC LIMIT 1) AS b ON true
$$;

-- Applies a checked and resolved merge-patch (built by the editor: ids resolved, locations
-- geocoded, contact flattened) to job p_id. A member absent from p leaves its field as it is.
CREATE OR REPLACE FUNCTION jh_job_posting_apply(p_id bigint, p jsonb) RETURNS void
LANGUAGE plpgsql
AS $$
BEGIN
    UPDATE job_postings SET
        title                    = CASE WHEN p ? 'title' THEN p ->> 'title' ELSE title END,
        description              = CASE WHEN p ? 'description' THEN coalesce(p ->> 'description', '') ELSE description END,
        brands                   = CASE WHEN p ? 'brands' THEN ARRAY(SELECT jsonb_array_elements_text(p -> 'brands')) ELSE brands END,
        tags                     = CASE WHEN p ? 'tags' THEN ARRAY(SELECT jsonb_array_elements_text(p -> 'tags')) ELSE tags END,
        location_description     = CASE WHEN p ? 'locationDescription' THEN p ->> 'locationDescription' ELSE location_description END,
        period_description       = CASE WHEN p ? 'periodDescription' THEN p ->> 'periodDescription' ELSE period_description END,
        salary_description       = CASE WHEN p ? 'salaryDescription' THEN p ->> 'salaryDescription' ELSE salary_description END,
        overnight_stay_allowance = CASE WHEN p ? 'overnightStayAllowance' THEN p ->> 'overnightStayAllowance' ELSE overnight_stay_allowance END,
        travel_expenses          = CASE WHEN p ? 'travelExpenses' THEN p ->> 'travelExpenses' ELSE travel_expenses END,
        special_payments         = CASE WHEN p ? 'specialPayments' THEN p ->> 'specialPayments' ELSE special_payments END,
        working_time             = CASE WHEN p ? 'workingTime' THEN p ->> 'workingTime' ELSE working_time END,
        benefits                 = CASE WHEN p ? 'benefits' THEN p ->> 'benefits' ELSE benefits END,
        requirement              = CASE WHEN p ? 'requirement' THEN p ->> 'requirement' ELSE requirement END,
        base_salary              = CASE WHEN p ? 'baseSalary' THEN (p ->> 'baseSalary')::numeric ELSE base_salary END,
        salary_unit              = CASE WHEN p ? 'salaryUnit' THEN (p ->> 'salaryUnit')::salary_unit ELSE salary_unit END,
        salary_currency          = CASE WHEN p ? 'salaryCurrency' THEN coalesce(p ->> 'salaryCurrency', 'EUR') ELSE salary_currency END,
        contact_name             = CASE WHEN p ? 'contactName' THEN p ->> 'contactName' ELSE contact_name END,
        contact_email            = CASE WHEN p ? 'contactEmail' THEN p ->> 'contactEmail' ELSE contact_email END,
        contact_phone            = CASE WHEN p ? 'contactPhone' THEN p ->> 'contactPhone' ELSE contact_phone END,
        valid_through            = CASE WHEN p ? 'validThrough' THEN (p ->> 'validThrough')::timestamptz ELSE valid_through END
     WHERE id = p_id;
    IF p ? 'activities' THEN
        DELETE FROM job_posting_activities WHERE job_posting_id = p_id;
        INSERT INTO job_posting_activities (job_posting_id, activity_id)
        SELECT DISTINCT p_id, x::integer FROM jsonb_array_elements_text(p -> 'activities') AS x;
    END IF;
    IF p ? 'employmentTypes' THEN
        DELETE FROM job_posting_employment_types WHERE job_posting_id = p_id;
        INSERT INTO job_posting_employment_types (job_posting_id, employment_type_id)
        SELECT DISTINCT p_id, x::integer FROM jsonb_array_elements_text(p -> 'employmentTypes') AS x;
    END IF;
    IF p ? 'industries' THEN
        DELETE FROM job_posting_industries WHERE job_posting_id = p_id;
        INSERT INTO job_posting_industries (job_posting_id, industry_id)
        SELECT DISTINCT p_id, x::integer FROM jsonb_array_elements_text(p -> 'industries') AS x;
    END IF;
    IF p ? 'locations' THEN
        DELETE FROM job_posting_locations WHERE job_posting_id = p_id;
        INSERT INTO job_posting_locations (job_posting_id, place_id, street, zipcode, city, country, lat, lon, sort_order)
        SELECT p_id, l.place_id, l.street, l.zipcode, l.city, l.country, l.lat, l.lon, l.ord::integer
          FROM ROWS FROM (jsonb_to_recordset(p -> 'locations')
                          AS (place_id integer, street text, zipcode text, city text, country text,
                              lat double precision, lon double precision))
               WITH ORDINALITY AS l(place_id, street, zipcode, city, country, lat, lon, ord);
    END IF;
END;
$$;

-- A copy of job p_id as a new draft of the same organization (fields, lists and locations; no
-- flags, dates or applications). Returns the new id.
CREATE OR REPLACE FUNCTION jh_job_posting_duplicate(p_id bigint) RETURNS bigint
LANGUAGE plpgsql
AS $$
DECLARE
    v_new bigint := nextval(pg_get_serial_sequence('job_postings', 'id'));
BEGIN
    INSERT INTO job_postings (id, slug, organization_id, title, description, brands, tags, location_description,
                              period_description, salary_description, base_salary, salary_unit, salary_currency,
                              overnight_stay_allowance, travel_expenses, special_payments, working_time, benefits,
                              requirement, contact_name, contact_email, contact_phone, logo_path)
    SELECT v_new, jh_job_posting_slug(j.title, v_new), j.organization_id, j.title, j.description, j.brands, j.tags,
           j.location_description, j.period_description, j.salary_description, j.base_salary, j.salary_unit,
           j.salary_currency, j.overnight_stay_allowance, j.travel_expenses, j.special_payments, j.working_time,
           j.benefits, j.requirement, j.contact_name, j.contact_email, j.contact_phone, j.logo_path
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

-- A job's slug: its title in URL form and its id (unique by the id).
CREATE OR REPLACE FUNCTION jh_job_posting_slug(p_title text, p_id bigint) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN coalesce(nullif(btrim(left(jh_slug(p_title), 150), '-'), ''), 'job') || '-' || p_id;

------------------------------------------------------------------------------------------------
-- The organization as its members see and edit it (actors/organizations/organization_editor.cpp)
------------------------------------------------------------------------------------------------

-- Live ads that count against the quota: published, open, not expired.
CREATE OR REPLACE FUNCTION jh_active_ads(p_org bigint) RETURNS bigint
LANGUAGE sql STABLE
RETURN (SELECT count(*) FROM job_postings j
         WHERE j.organization_id = p_org AND j.is_published AND j.active
           AND (j.valid_through IS NULL OR j.valid_through > now()));

CREATE OR REPLACE FUNCTION jh_provider_organization_json(p_org bigint) RETURNS jsonb
LANGUAGE sql STABLE
AS $$
    SELECT jsonb_build_object(
        '@id', '/api/organizations/' || o.id, '@type', 'Organization', 'id', o.id, 'slug', o.slug,
        'name', o.name, 'description', o.description, 'website', o.website,
        'foundingYear', o.founding_year, 'employees', o.employees, 'workingDaysPerYear', o.working_days_per_year,
        'contact', jsonb_build_object('name', o.contact_name, 'email', o.contact_email::text, 'phone', o.contact_phone),
        'company', jsonb_build_object('name', o.company_name, 'legalForm', o.legal_form, 'street', o.street,
                                      'zipcode', o.zipcode, 'city', o.city, 'country', o.country, 'vatId', o.vat_id,
                                      'registerCourt', o.register_court, 'registerNumber', o.register_number),
        'logo', CASE WHEN o.logo_path IS NULL THEN NULL ELSE '/api/organizations/' || o.id || '/logo' END,
        'hasLogo', o.logo_path IS NOT NULL,
        'state', CASE WHEN o.rejected_at IS NOT NULL THEN 'rejected' WHEN o.approved_at IS NOT NULL THEN 'approved'
                      ELSE 'pending' END,
        'activeAdQuota', o.active_ad_quota, 'activeAds', jh_active_ads(o.id), 'candidateSearch', o.candidate_search,
        'publicUrl', '/jobanbieter/' || o.slug, 'createdAt', o.created_at, 'updatedAt', o.updated_at)
      FROM organizations o WHERE o.id = p_org
$$;

-- Applies a checked merge-patch (contact and company flattened by the editor) to organization p_org.
CREATE OR REPLACE FUNCTION jh_organization_apply(p_org bigint, p jsonb) RETURNS void
LANGUAGE sql
AS $$
    UPDATE organizations SET
        name                  = CASE WHEN p ? 'name' THEN p ->> 'name' ELSE name END,
        description           = CASE WHEN p ? 'description' THEN coalesce(p ->> 'description', '') ELSE description END,
        website               = CASE WHEN p ? 'website' THEN p ->> 'website' ELSE website END,
        founding_year         = CASE WHEN p ? 'foundingYear' THEN (p ->> 'foundingYear')::smallint ELSE founding_year END,
        employees             = CASE WHEN p ? 'employees' THEN (p ->> 'employees')::integer ELSE employees END,
        working_days_per_year = CASE WHEN p ? 'workingDaysPerYear' THEN (p ->> 'workingDaysPerYear')::integer ELSE working_days_per_year END,
        contact_name          = CASE WHEN p ? 'contactName' THEN p ->> 'contactName' ELSE contact_name END,
        contact_email         = CASE WHEN p ? 'contactEmail' THEN p ->> 'contactEmail' ELSE contact_email END,
        contact_phone         = CASE WHEN p ? 'contactPhone' THEN p ->> 'contactPhone' ELSE contact_phone END,
        company_name          = CASE WHEN p ? 'companyName' THEN p ->> 'companyName' ELSE company_name END,
        legal_form            = CASE WHEN p ? 'legalForm' THEN p ->> 'legalForm' ELSE legal_form END,
        street                = CASE WHEN p ? 'street' THEN p ->> 'street' ELSE street END,
        zipcode               = CASE WHEN p ? 'zipcode' THEN p ->> 'zipcode' ELSE zipcode END,
        city                  = CASE WHEN p ? 'city' THEN p ->> 'city' ELSE city END,
        country               = CASE WHEN p ? 'country' THEN coalesce(p ->> 'country', 'de') ELSE country END,
        vat_id                = CASE WHEN p ? 'vatId' THEN p ->> 'vatId' ELSE vat_id END,
        register_court        = CASE WHEN p ? 'registerCourt' THEN p ->> 'registerCourt' ELSE register_court END,
        register_number       = CASE WHEN p ? 'registerNumber' THEN p ->> 'registerNumber' ELSE register_number END
     WHERE id = p_org
$$;
