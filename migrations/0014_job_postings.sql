-- 0014_job_postings.sql
-- Job postings with everything the job detail shows, their activities / employment types /
-- industries (join tables), their locations, the German full-text search vector, and the
-- applications and favorites tables (filled by the candidate-actions issue; defined now so that
-- the job search can answer notYetAppliedTo).
--
-- Source of truth vs. derived columns
--   The join tables (job_posting_activities, job_posting_employment_types, job_posting_industries)
--   and job_posting_locations are the source of truth. Statement-level triggers on them copy what
--   the search needs into job_postings:
--     activity_ids, employment_type_ids, industry_ids  integer[]  (GIN: "any of these activities"
--                                                      is `activity_ids && $1::int[]`, answered
--                                                      in the same scan as the other filters)
--     activity_names, location_names                  text       (inputs of the search vector)
--   and a BEFORE trigger on job_postings recomputes search_vector whenever one of its inputs
--   changes. Each location row in turn carries copies of its job's live state (is_published AND
--   active), published_at, activity_ids and employment_type_ids (copied when the location is
--   written, pushed down when the job changes), so that radius searches never visit the job rows.
--   Application code does not write any of these copies (a value written there is overwritten by
--   the next change of the children; search_vector is always computed).
--
-- Bulk loading (the seeder: 200,000 jobs)
--   Every change of a child rewrites its job row when a derived value changes, and a rewritten row
--   gets new entries in every index (GIN included). Inserting jobs bare and then their activities,
--   employment types and locations therefore writes each job 4 times and recomputes its search
--   vector 3 times. Instead pass, in the job INSERT, the values the children will produce:
--     activity_ids, employment_type_ids, industry_ids  the ids about to be inserted (any order;
--                                                      activity_names is derived from them here)
--     location_names = jh_job_location_names(ARRAY[city, ...], ARRAY[location name, ...])
--   then insert the children (multi-row INSERTs): the statement triggers find nothing to change
--   and write nothing. Only the job INSERT computes the vector.
--
-- Full-text search
--   search_vector = title (A) > activity names (B) > description, brands, tags (C) > location
--   names (D), German configuration, over folded text: every part is indexed as jh_fold(text)
--   ("muenchen") and, when it contains ä/ö/ü, also as jh_fold_plain(text) ("munchen"). Queries are
--   built with jh_search_query(q) = websearch_to_tsquery('german', jh_fold(q)), so "München",
--   "Muenchen" and "Munchen" all match. (Without folding, 'german' stems "München" to 'munch' and
--   "Muenchen" to 'muench', which never meet.)
--
-- Radius search: job_posting_locations.geo = jh_earth(lat, lon) with a partial, covering GiST
-- index over live jobs; see 0012 for the query forms (earth_box ... @> geo,
-- cube_distance(geo, pt) <= gc_to_sec(r), geo <-> pt) and docs/catalogue-queries.md.

CREATE EXTENSION IF NOT EXISTS citext;

CREATE TYPE salary_unit AS ENUM ('hour', 'day', 'month', 'project');
CREATE TYPE application_status AS ENUM ('sent', 'seen', 'accepted', 'declined');

------------------------------------------------------------------------------------------------
-- Search helpers
------------------------------------------------------------------------------------------------

-- One text → tsvector in both folds (the plain fold only when the text has an umlaut, the only
-- case where the two folds differ).
CREATE OR REPLACE FUNCTION jh_tsv(t text) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN CASE
    WHEN t IS NULL OR t = '' THEN ''::tsvector
    WHEN t ~ '[ÄÖÜäöü]' THEN to_tsvector('german', jh_fold(t)) || to_tsvector('german', jh_fold_plain(t))
    ELSE to_tsvector('german', jh_fold(t))
END;

COMMENT ON FUNCTION jh_tsv(text) IS 'German tsvector of jh_fold(t), plus jh_fold_plain(t) when t contains an umlaut.';

CREATE OR REPLACE FUNCTION jh_job_search_vector(
    p_title text, p_activity_names text, p_description text,
    p_brands text[], p_tags text[], p_location_names text) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN setweight(jh_tsv(p_title), 'A')
    || setweight(jh_tsv(p_activity_names), 'B')
    || setweight(jh_tsv(concat_ws(' ', p_description,
                                  array_to_string(p_brands, ' '),
                                  array_to_string(p_tags, ' '))), 'C')
    || setweight(jh_tsv(p_location_names), 'D');

COMMENT ON FUNCTION jh_job_search_vector(text, text, text, text[], text[], text) IS
  'title A, activity names B, description+brands+tags C, location names D; both folds, german config.';

-- The query side: user text (bounded to 200 characters) → tsquery. websearch syntax: words are
-- ANDed, "quoted phrases", OR, -exclusion. Returns an empty query (matches nothing) for empty or
-- stop-word-only input; callers should treat numnode(q) = 0 as "no text filter".
CREATE OR REPLACE FUNCTION jh_search_query(q text) RETURNS tsquery
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN websearch_to_tsquery('german', jh_fold(left(q, 200)));

COMMENT ON FUNCTION jh_search_query(text) IS
  'websearch_to_tsquery(''german'', jh_fold(left(q, 200))): the one way to turn user text into a job/organization query.';

------------------------------------------------------------------------------------------------
-- Job postings
------------------------------------------------------------------------------------------------
CREATE TABLE job_postings (
    id                       bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
    slug                     text NOT NULL UNIQUE
                             CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(slug) <= 200),
    organization_id          bigint NOT NULL REFERENCES organizations (id),
    title                    text NOT NULL CHECK (length(btrim(title)) BETWEEN 1 AND 200),
    description              text NOT NULL DEFAULT '' CHECK (length(description) <= 50000),
    brands                   text[] NOT NULL DEFAULT '{}' CHECK (cardinality(brands) <= 50),
    tags                     text[] NOT NULL DEFAULT '{}' CHECK (cardinality(tags) <= 50),

    -- Free texts of the job detail ("Einsatzort", "Zeitraum", "Vergütung", ...).
    location_description     text CHECK (length(location_description) <= 5000),
    period_description       text CHECK (length(period_description) <= 5000),
    salary_description       text CHECK (length(salary_description) <= 5000),
    base_salary              numeric(10, 2) CHECK (base_salary >= 0),
    salary_unit              salary_unit,
    salary_currency          text NOT NULL DEFAULT 'EUR' CHECK (salary_currency IN ('EUR', 'CHF')),
    overnight_stay_allowance text CHECK (length(overnight_stay_allowance) <= 5000),  -- Übernachtung
    travel_expenses          text CHECK (length(travel_expenses) <= 5000),           -- Fahrtkosten
    special_payments         text CHECK (length(special_payments) <= 5000),          -- Sonderzahlungen
    working_time             text CHECK (length(working_time) <= 5000),              -- Arbeitszeiten
    benefits                 text CHECK (length(benefits) <= 5000),                  -- Vorteile
    requirement              text CHECK (length(requirement) <= 5000),               -- Anforderungen

    -- Contact person for this job (falls back to the organization's contact when NULL).
    contact_name             text CHECK (length(contact_name) <= 200),
    contact_email            citext CHECK (length(contact_email) <= 254),
    contact_phone            text CHECK (length(contact_phone) <= 50),
    -- Job-specific logo under var/media; NULL = the organization's logo (GET /job_postings/{id}/logo).
    logo_path                text CHECK (length(logo_path) <= 500),

    -- Flags (API names: isPublished, top_job, instant_teaser_job, top_offer, sponsored, opportunity).
    is_published             boolean NOT NULL DEFAULT false,
    top_job                  boolean NOT NULL DEFAULT false,
    instant_teaser_job       boolean NOT NULL DEFAULT false,
    top_offer                boolean NOT NULL DEFAULT false,
    sponsored                boolean NOT NULL DEFAULT false,
    opportunity              boolean NOT NULL DEFAULT false,
    -- false = the job was taken down: the detail answers 410 "JobPosting is inactive!".
    active                   boolean NOT NULL DEFAULT true,

    created_at               timestamptz NOT NULL DEFAULT now(),
    updated_at               timestamptz NOT NULL DEFAULT now(),
    published_at             timestamptz,       -- set to now() when is_published becomes true and it is NULL
    valid_through            timestamptz,       -- schema.org validThrough; NULL = open-ended

    -- Derived, maintained by triggers (see the header); a bulk loader may pass them in the INSERT.
    activity_ids             integer[] NOT NULL DEFAULT '{}',
    employment_type_ids      integer[] NOT NULL DEFAULT '{}',
    industry_ids             integer[] NOT NULL DEFAULT '{}',
    activity_names           text NOT NULL DEFAULT '',
    location_names           text NOT NULL DEFAULT '',
    search_vector            tsvector NOT NULL DEFAULT ''::tsvector,

    CHECK (base_salary IS NULL OR salary_unit IS NOT NULL)
);

COMMENT ON TABLE job_postings IS 'Job postings (Stellenanzeigen) with every field of the job detail.';
COMMENT ON COLUMN job_postings.activity_ids IS 'Derived from job_posting_activities by trigger; filter with activity_ids && $1::int[].';
COMMENT ON COLUMN job_postings.employment_type_ids IS 'Derived from job_posting_employment_types by trigger.';
COMMENT ON COLUMN job_postings.industry_ids IS 'Derived from job_posting_industries by trigger.';
COMMENT ON COLUMN job_postings.search_vector IS
  'Derived: jh_job_search_vector(title, activity_names, description, brands, tags, location_names); query with @@ jh_search_query($text).';

CREATE TABLE job_posting_activities (
    job_posting_id bigint  NOT NULL REFERENCES job_postings (id) ON DELETE CASCADE,
    activity_id    integer NOT NULL REFERENCES activities (id),
    PRIMARY KEY (job_posting_id, activity_id)
);
CREATE INDEX job_posting_activities_activity_idx ON job_posting_activities (activity_id, job_posting_id);

CREATE TABLE job_posting_employment_types (
    job_posting_id     bigint  NOT NULL REFERENCES job_postings (id) ON DELETE CASCADE,
    employment_type_id integer NOT NULL REFERENCES employment_types (id),
    PRIMARY KEY (job_posting_id, employment_type_id)
);
CREATE INDEX job_posting_employment_types_type_idx ON job_posting_employment_types (employment_type_id, job_posting_id);

CREATE TABLE job_posting_industries (
    job_posting_id bigint  NOT NULL REFERENCES job_postings (id) ON DELETE CASCADE,
    industry_id    integer NOT NULL REFERENCES industries (id),
    PRIMARY KEY (job_posting_id, industry_id)
);
CREATE INDEX job_posting_industries_industry_idx ON job_posting_industries (industry_id, job_posting_id);

-- One or more places of work per job, each with coordinates.
CREATE TABLE job_posting_locations (
    id             bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
    job_posting_id bigint NOT NULL REFERENCES job_postings (id) ON DELETE CASCADE,
    place_id       integer REFERENCES places (id) ON DELETE SET NULL,   -- gazetteer entry, if known
    name           text CHECK (length(name) <= 200),                    -- e.g. "Messe München, Halle B3"
    street         text CHECK (length(street) <= 200),
    zipcode        text CHECK (length(zipcode) <= 20),
    city           text NOT NULL CHECK (length(city) <= 200),
    country        text NOT NULL DEFAULT 'de' REFERENCES countries (code),
    lat            double precision NOT NULL CHECK (lat BETWEEN -90 AND 90),
    lon            double precision NOT NULL CHECK (lon BETWEEN -180 AND 180),
    geo            earth NOT NULL GENERATED ALWAYS AS (jh_earth(lat, lon)) STORED,
    sort_order     integer NOT NULL DEFAULT 0,

    -- Copies of the job's search fields, kept current by triggers (never written by application
    -- code), so that a radius search with activity / employment-type filter, newest-first order
    -- and total count is answered from the index below without visiting the (wide) job rows:
    -- only the page of 20 is then read from job_postings.
    live                boolean NOT NULL DEFAULT false,       -- job is_published AND active
    published_at        timestamptz,                          -- job published_at
    activity_ids        integer[] NOT NULL DEFAULT '{}',      -- job activity_ids
    employment_type_ids integer[] NOT NULL DEFAULT '{}'       -- job employment_type_ids
);
COMMENT ON TABLE job_posting_locations IS
  'Places of work of a job posting; geo = jh_earth(lat, lon) (see 0012 for radius queries); live, published_at, activity_ids, employment_type_ids are trigger-maintained copies of the job''s.';

CREATE INDEX job_posting_locations_job_idx ON job_posting_locations (job_posting_id, sort_order);
-- Radius search and distance sort over live jobs. Partial (live only: taken-down jobs pile up over
-- the years) and covering: job id, date and ids come from the index (index-only scan).
CREATE INDEX job_posting_locations_live_geo_idx ON job_posting_locations USING gist (geo)
    INCLUDE (job_posting_id, published_at, activity_ids, employment_type_ids)
    WHERE live;
CREATE INDEX job_posting_locations_place_idx ON job_posting_locations (place_id) WHERE place_id IS NOT NULL;

------------------------------------------------------------------------------------------------
-- Indexes for the job search (GET /job_postings, always isPublished=1; the live set is
-- is_published AND active).
------------------------------------------------------------------------------------------------
-- Newest first, paging, "new jobs within 24 h" (published_at >= now() - interval).
CREATE INDEX job_postings_live_published_idx ON job_postings (published_at DESC, id DESC)
    WHERE is_published AND active;
-- The same by creation time, should interval_created be read as creation time.
CREATE INDEX job_postings_live_created_idx ON job_postings (created_at DESC, id DESC)
    WHERE is_published AND active;
-- One small partial index per flag: the job list groups (top job 1 random, instant teaser 3
-- random, top offers / opportunities 20) read only their own rows.
CREATE INDEX job_postings_live_top_job_idx            ON job_postings (published_at DESC) WHERE is_published AND active AND top_job;
CREATE INDEX job_postings_live_instant_teaser_job_idx ON job_postings (published_at DESC) WHERE is_published AND active AND instant_teaser_job;
CREATE INDEX job_postings_live_top_offer_idx          ON job_postings (published_at DESC) WHERE is_published AND active AND top_offer;
CREATE INDEX job_postings_live_sponsored_idx          ON job_postings (published_at DESC) WHERE is_published AND active AND sponsored;
CREATE INDEX job_postings_live_opportunity_idx        ON job_postings (published_at DESC) WHERE is_published AND active AND opportunity;
-- Organization: all its jobs (provider area, FK), and its open jobs (organization cards).
CREATE INDEX job_postings_organization_idx ON job_postings (organization_id, created_at DESC);
CREATE INDEX job_postings_live_organization_idx ON job_postings (organization_id, published_at DESC)
    WHERE is_published AND active;
-- Activity and employment-type filters (also the job-type landing pages) and full-text search.
CREATE INDEX job_postings_activity_ids_idx        ON job_postings USING gin (activity_ids);
CREATE INDEX job_postings_employment_type_ids_idx ON job_postings USING gin (employment_type_ids);
CREATE INDEX job_postings_search_vector_idx       ON job_postings USING gin (search_vector);

------------------------------------------------------------------------------------------------
-- Triggers keeping the derived columns current
------------------------------------------------------------------------------------------------

-- The derived values, computed in one place so that the triggers and a bulk loader produce
-- exactly the same text (see "Bulk loading" below).
CREATE OR REPLACE FUNCTION jh_sorted_ids(p_ids integer[]) RETURNS integer[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN ARRAY(SELECT DISTINCT x FROM unnest(p_ids) AS u(x) WHERE x IS NOT NULL ORDER BY x);

CREATE OR REPLACE FUNCTION jh_job_activity_names(p_activity_ids integer[]) RETURNS text
LANGUAGE sql STABLE PARALLEL SAFE
RETURN coalesce((SELECT string_agg(a.name, ' ' ORDER BY a.id) FROM activities AS a WHERE a.id = ANY (p_activity_ids)), '');

CREATE OR REPLACE FUNCTION jh_job_location_names(p_cities text[], p_names text[]) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN coalesce((SELECT string_agg(DISTINCT s, ' ' ORDER BY s)
                   FROM unnest(coalesce(p_cities, '{}') || coalesce(p_names, '{}')) AS u(s)
                  WHERE s IS NOT NULL AND s <> ''), '');

COMMENT ON FUNCTION jh_job_activity_names(integer[]) IS 'job_postings.activity_names for these activity ids (names in id order).';
COMMENT ON FUNCTION jh_job_location_names(text[], text[]) IS 'job_postings.location_names for these location cities and names.';

-- Recomputes the derived columns that come from ONE child table (p_child = its name) for the
-- given jobs, and writes a job row only when a value changed. Only that child's columns are
-- touched: while a loader inserts a job's activities, its locations are not there yet, and the
-- location_names it passed in the job INSERT must survive.
CREATE OR REPLACE FUNCTION jh_job_postings_refresh(p_child text, p_ids bigint[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
    IF p_child = 'job_posting_activities' THEN
        UPDATE job_postings AS j
           SET activity_ids = d.ids, activity_names = d.names
          FROM (SELECT c.id, c.ids, jh_job_activity_names(c.ids) AS names
                  FROM (SELECT jp.id, ARRAY(SELECT x.activity_id FROM job_posting_activities AS x
                                             WHERE x.job_posting_id = jp.id ORDER BY 1) AS ids
                          FROM job_postings AS jp WHERE jp.id = ANY (p_ids)) AS c) AS d
         WHERE j.id = d.id
           AND (j.activity_ids, j.activity_names) IS DISTINCT FROM (d.ids, d.names);
    ELSIF p_child = 'job_posting_employment_types' THEN
        UPDATE job_postings AS j
           SET employment_type_ids = d.ids
          FROM (SELECT jp.id, ARRAY(SELECT x.employment_type_id FROM job_posting_employment_types AS x
                                     WHERE x.job_posting_id = jp.id ORDER BY 1) AS ids
                  FROM job_postings AS jp WHERE jp.id = ANY (p_ids)) AS d
         WHERE j.id = d.id AND j.employment_type_ids IS DISTINCT FROM d.ids;
    ELSIF p_child = 'job_posting_industries' THEN
        UPDATE job_postings AS j
           SET industry_ids = d.ids
          FROM (SELECT jp.id, ARRAY(SELECT x.industry_id FROM job_posting_industries AS x
                                     WHERE x.job_posting_id = jp.id ORDER BY 1) AS ids
                  FROM job_postings AS jp WHERE jp.id = ANY (p_ids)) AS d
         WHERE j.id = d.id AND j.industry_ids IS DISTINCT FROM d.ids;
    ELSIF p_child = 'job_posting_locations' THEN
        UPDATE job_postings AS j
           SET location_names = d.names
          FROM (SELECT jp.id,
                       jh_job_location_names(ARRAY(SELECT l.city FROM job_posting_locations AS l
                                                    WHERE l.job_posting_id = jp.id),
                                             ARRAY(SELECT l.name FROM job_posting_locations AS l
                                                    WHERE l.job_posting_id = jp.id)) AS names
                  FROM job_postings AS jp WHERE jp.id = ANY (p_ids)) AS d
         WHERE j.id = d.id AND j.location_names IS DISTINCT FROM d.names;
    ELSE
        RAISE EXCEPTION 'jh_job_postings_refresh: unknown child table %', p_child;
    END IF;
END;
$$;

-- Statement-level trigger function for every child table (they all have job_posting_id; the
-- transition tables are called new_rows / old_rows). One UPDATE per statement, not per row, so
-- bulk inserts (the seeder, an import) stay cheap.
CREATE OR REPLACE FUNCTION jh_job_posting_children_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        PERFORM jh_job_postings_refresh(TG_TABLE_NAME, ARRAY(SELECT DISTINCT job_posting_id FROM new_rows));
    ELSIF TG_OP = 'DELETE' THEN
        PERFORM jh_job_postings_refresh(TG_TABLE_NAME, ARRAY(SELECT DISTINCT job_posting_id FROM old_rows));
    ELSE
        PERFORM jh_job_postings_refresh(TG_TABLE_NAME, ARRAY(SELECT job_posting_id FROM new_rows
                                                             UNION SELECT job_posting_id FROM old_rows));
    END IF;
    RETURN NULL;
END;
$$;

CREATE TRIGGER job_posting_activities_ins AFTER INSERT ON job_posting_activities
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION jh_job_posting_children_changed();
CREATE TRIGGER job_posting_activities_upd AFTER UPDATE ON job_posting_activities
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION jh_job_posting_children_changed();
CREATE TRIGGER job_posting_activities_del AFTER DELETE ON job_posting_activities
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION jh_job_posting_children_changed();

CREATE TRIGGER job_posting_employment_types_ins AFTER INSERT ON job_posting_employment_types
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION jh_job_posting_children_changed();
CREATE TRIGGER job_posting_employment_types_upd AFTER UPDATE ON job_posting_employment_types
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION jh_job_posting_children_changed();
CREATE TRIGGER job_posting_employment_types_del AFTER DELETE ON job_posting_employment_types
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION jh_job_posting_children_changed();

CREATE TRIGGER job_posting_industries_ins AFTER INSERT ON job_posting_industries
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION jh_job_posting_children_changed();
CREATE TRIGGER job_posting_industries_upd AFTER UPDATE ON job_posting_industries
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION jh_job_posting_children_changed();
CREATE TRIGGER job_posting_industries_del AFTER DELETE ON job_posting_industries
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION jh_job_posting_children_changed();

CREATE TRIGGER job_posting_locations_ins AFTER INSERT ON job_posting_locations
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION jh_job_posting_children_changed();
CREATE TRIGGER job_posting_locations_upd AFTER UPDATE ON job_posting_locations
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION jh_job_posting_children_changed();
CREATE TRIGGER job_posting_locations_del AFTER DELETE ON job_posting_locations
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION jh_job_posting_children_changed();

-- Renaming an activity changes the search text of every job that has it.
CREATE OR REPLACE FUNCTION jh_activity_renamed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    PERFORM jh_job_postings_refresh('job_posting_activities',
                                    ARRAY(SELECT id FROM job_postings WHERE activity_ids @> ARRAY[NEW.id]));
    RETURN NULL;
END;
$$;

CREATE TRIGGER activities_renamed AFTER UPDATE OF name ON activities
    FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION jh_activity_renamed();

-- Before every write of a job: search_vector from its inputs (only when one changed),
-- published_at stamped on publication, updated_at on every update.
CREATE OR REPLACE FUNCTION jh_job_postings_before_write() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        -- A new job has no children yet; a loader may pass the arrays it is about to insert
        -- (normalised here) and location_names (see "Bulk loading").
        NEW.activity_ids        := jh_sorted_ids(NEW.activity_ids);
        NEW.employment_type_ids := jh_sorted_ids(NEW.employment_type_ids);
        NEW.industry_ids        := jh_sorted_ids(NEW.industry_ids);
        NEW.activity_names      := jh_job_activity_names(NEW.activity_ids);
        NEW.search_vector := jh_job_search_vector(NEW.title, NEW.activity_names, NEW.description,
                                                  NEW.brands, NEW.tags, NEW.location_names);
    ELSE
        IF NEW.title IS DISTINCT FROM OLD.title
           OR NEW.activity_names IS DISTINCT FROM OLD.activity_names
           OR NEW.description IS DISTINCT FROM OLD.description
           OR NEW.brands IS DISTINCT FROM OLD.brands
           OR NEW.tags IS DISTINCT FROM OLD.tags
           OR NEW.location_names IS DISTINCT FROM OLD.location_names
           OR NEW.search_vector IS DISTINCT FROM OLD.search_vector THEN
            NEW.search_vector := jh_job_search_vector(NEW.title, NEW.activity_names, NEW.description,
                                                      NEW.brands, NEW.tags, NEW.location_names);
        END IF;
        NEW.updated_at := now();
    END IF;
    IF NEW.is_published AND NEW.published_at IS NULL THEN
        NEW.published_at := now();
    END IF;
    RETURN NEW;
END;
$$;

CREATE TRIGGER job_postings_before_write BEFORE INSERT OR UPDATE ON job_postings
    FOR EACH ROW EXECUTE FUNCTION jh_job_postings_before_write();

-- Locations carry copies of their job's search fields: set when a location is written ...
CREATE OR REPLACE FUNCTION jh_job_posting_locations_copy_job() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    SELECT j.is_published AND j.active, j.published_at, j.activity_ids, j.employment_type_ids
      INTO NEW.live, NEW.published_at, NEW.activity_ids, NEW.employment_type_ids
      FROM job_postings AS j
     WHERE j.id = NEW.job_posting_id;
    RETURN NEW;
END;
$$;

CREATE TRIGGER job_posting_locations_copy_job BEFORE INSERT OR UPDATE ON job_posting_locations
    FOR EACH ROW EXECUTE FUNCTION jh_job_posting_locations_copy_job();

-- ... and pushed down when the job's fields change.
CREATE OR REPLACE FUNCTION jh_job_postings_push_to_locations() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    UPDATE job_posting_locations AS l
       SET live = NEW.is_published AND NEW.active   -- the BEFORE trigger re-reads the job anyway
     WHERE l.job_posting_id = NEW.id;
    RETURN NULL;
END;
$$;

CREATE TRIGGER job_postings_push_to_locations AFTER UPDATE ON job_postings
    FOR EACH ROW
    WHEN (OLD.is_published IS DISTINCT FROM NEW.is_published
          OR OLD.active IS DISTINCT FROM NEW.active
          OR OLD.published_at IS DISTINCT FROM NEW.published_at
          OR OLD.activity_ids IS DISTINCT FROM NEW.activity_ids
          OR OLD.employment_type_ids IS DISTINCT FROM NEW.employment_type_ids)
    EXECUTE FUNCTION jh_job_postings_push_to_locations();

------------------------------------------------------------------------------------------------
-- Applications and favorites
--
-- candidate_account_id is a plain bigint for now: the accounts issue adds the foreign key to the
-- candidate accounts table (ON DELETE CASCADE, for account deletion).
------------------------------------------------------------------------------------------------
CREATE TABLE applications (
    id                   bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
    job_posting_id       bigint NOT NULL REFERENCES job_postings (id),
    candidate_account_id bigint NOT NULL,
    notes                text NOT NULL DEFAULT '' CHECK (length(notes) <= 5000),   -- cover text
    -- The job's locations the candidate applied for; each must belong to job_posting_id
    -- (checked by trigger, error constraint name applications_location_ids_belong_to_job).
    location_ids         bigint[] NOT NULL DEFAULT '{}' CHECK (cardinality(location_ids) <= 100),
    status               application_status NOT NULL DEFAULT 'sent',
    created_at           timestamptz NOT NULL DEFAULT now(),
    updated_at           timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT applications_job_candidate_key UNIQUE (job_posting_id, candidate_account_id)
);
COMMENT ON TABLE applications IS
  'Bewerbungen. One per (job, candidate): a second one violates applications_job_candidate_key (→ "already applied").';

-- GET /applications/my (newest first) and notYetAppliedTo (anti-join by candidate).
CREATE INDEX applications_candidate_idx ON applications (candidate_account_id, created_at DESC);

CREATE OR REPLACE FUNCTION jh_applications_check_locations() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF EXISTS (SELECT 1
                 FROM unnest(NEW.location_ids) AS u(location_id)
                WHERE NOT EXISTS (SELECT 1 FROM job_posting_locations AS l
                                   WHERE l.id = u.location_id AND l.job_posting_id = NEW.job_posting_id)) THEN
        RAISE EXCEPTION 'a chosen location does not belong to job posting %', NEW.job_posting_id
            USING ERRCODE = 'check_violation', CONSTRAINT = 'applications_location_ids_belong_to_job';
    END IF;
    RETURN NEW;
END;
$$;

CREATE TRIGGER applications_check_locations BEFORE INSERT OR UPDATE OF location_ids, job_posting_id ON applications
    FOR EACH ROW EXECUTE FUNCTION jh_applications_check_locations();

CREATE TRIGGER applications_touch_updated_at BEFORE UPDATE ON applications
    FOR EACH ROW EXECUTE FUNCTION jh_touch_updated_at();

CREATE TABLE favorites (
    candidate_account_id bigint NOT NULL,
    job_posting_id       bigint NOT NULL REFERENCES job_postings (id) ON DELETE CASCADE,
    created_at           timestamptz NOT NULL DEFAULT now(),
    -- true when set by POST /job_postings/{id}/auto_favor rather than by the candidate.
    auto                 boolean NOT NULL DEFAULT false,
    PRIMARY KEY (candidate_account_id, job_posting_id)
);
COMMENT ON TABLE favorites IS 'Favoriten: jobs a candidate marked (or that were marked automatically).';

CREATE INDEX favorites_candidate_created_idx ON favorites (candidate_account_id, created_at DESC);
CREATE INDEX favorites_job_posting_idx ON favorites (job_posting_id);
