-- 0016_job_search.sql
-- The job search: a narrow, trigger-maintained search table, the search function behind
-- GET /api/job_postings, the card and detail readers, and the totals.
--
-- Why a second table
--   A job row is wide (about 1.8 KB with its texts and the 700-byte search vector), so every search
--   that visits thousands of job rows costs milliseconds in page visits alone, and a radius search
--   cannot be ordered or counted from the GiST index on job_posting_locations without visiting the
--   jobs. job_search_points holds, for every LIVE job (published, active, published_at set), one
--   row per place of work with exactly what the filters, the sorting and the counting read:
--   ~120 bytes. Its b-tree indexes carry those columns (INCLUDE), so searches are answered by
--   index-only scans, and a radius search reads only the index entries of the grid cells the
--   circle overlaps (cells are contiguous in the index, however the heap is ordered).
--   A job without any location gets one row with NULL geo (it is found by every search without a
--   place). is_primary marks one row per job (its first location), so searches without a place
--   count and page jobs, not places.
--
-- Bounded work (every search is a few milliseconds on 200,000 jobs, however common the word)
--   * totals are counted up to p_count_cap (+1 to know there are more); the answer says "capped".
--   * full-text relevance ranks only the newest p_window matches (default 200); results past the
--     window continue newest first. Finding the newest matches is an index scan on published_at
--     that stops after the window, or a bitmap scan when the word is rare; the planner chooses with
--     the actual tsquery because the statements are planned per call (EXECUTE, see below).
--   * pages are served up to offset 1000 (50 pages of 20); beyond that the page is empty.
--
-- Static SQL only
--   jh_job_search composes its statement from FIXED fragments chosen by which filters are present
--   (a fixed set of statements, in effect) and binds every value as a parameter (EXECUTE ... USING);
--   no input text ever becomes SQL. EXECUTE plans each call with the actual values, so the planner
--   sees the real selectivity of a word or an activity (a cached generic plan would not).

------------------------------------------------------------------------------------------------
-- Grid cells for radius searches: 0.25° of latitude × 0.25° of longitude (about 28 × 17 km in
-- Germany). A cell id is a plain integer, so "cell = ANY(...)" is a b-tree scan of a few ranges
-- with exact planner statistics.
------------------------------------------------------------------------------------------------
CREATE OR REPLACE FUNCTION jh_geo_cell(lat double precision, lon double precision) RETURNS integer
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN (floor(lat * 4)::integer + 400) * 10000 + (floor(lon * 4)::integer + 800);

-- The cells that the bounding box of a circle overlaps. NULL when that would be more than 3000
-- cells (radius of several hundred kilometres): the caller then filters by distance alone.
CREATE OR REPLACE FUNCTION jh_geo_cells(lat double precision, lon double precision, radius_m double precision)
RETURNS integer[]
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
    dlat double precision := radius_m / 111195.0 + 0.01;
    far  double precision := least(89.0, abs(lat) + dlat);
    dlon double precision := least(180.0, radius_m / (111195.0 * cos(radians(far))) + 0.01);
    lat0 integer := floor((lat - dlat) * 4)::integer;
    lat1 integer := floor((lat + dlat) * 4)::integer;
    lon0 integer := floor((lon - dlon) * 4)::integer;
    lon1 integer := floor((lon + dlon) * 4)::integer;
BEGIN
    IF (lat1 - lat0 + 1)::bigint * (lon1 - lon0 + 1) > 3000 THEN
        RETURN NULL;
    END IF;
    RETURN ARRAY(SELECT (a + 400) * 10000 + (o + 800)
                   FROM generate_series(lat0, lat1) AS a, generate_series(lon0, lon1) AS o);
END;
$$;

------------------------------------------------------------------------------------------------
-- The search table
------------------------------------------------------------------------------------------------
CREATE TABLE job_search_points (
    id                  bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    job_posting_id      bigint NOT NULL REFERENCES job_postings (id) ON DELETE CASCADE,
    location_id         bigint,                  -- NULL: the job has no location
    is_primary          boolean NOT NULL,        -- one row per job (its first location)
    cell                integer,                 -- jh_geo_cell(lat, lon)
    geo                 earth,                   -- = job_posting_locations.geo
    published_at        timestamptz NOT NULL,
    valid_through       timestamptz,
    organization_id     bigint NOT NULL,
    activity_ids        integer[] NOT NULL,
    employment_type_ids integer[] NOT NULL,
    industry_ids        integer[] NOT NULL,
    top_job             boolean NOT NULL,
    instant_teaser_job  boolean NOT NULL,
    top_offer           boolean NOT NULL,
    sponsored           boolean NOT NULL,
    opportunity         boolean NOT NULL
);
COMMENT ON TABLE job_search_points IS
  'Derived (triggers on job_postings and job_posting_locations): one narrow row per live job and place of work, for the job search. Never written by application code.';

-- Radius search, small radius: the entries of the overlapped cells, index-only.
CREATE INDEX job_search_points_cell_idx ON job_search_points (cell)
    INCLUDE (geo, published_at, job_posting_id, valid_through, organization_id, activity_ids, employment_type_ids,
             industry_ids, top_job, instant_teaser_job, top_offer, sponsored, opportunity)
    WHERE cell IS NOT NULL;
-- Radius search, large radius, newest first: walk the newest entries and test the distance.
CREATE INDEX job_search_points_geo_newest_idx ON job_search_points (published_at DESC, job_posting_id DESC)
    INCLUDE (cell, geo, valid_through, organization_id, activity_ids, employment_type_ids, industry_ids, top_job,
             instant_teaser_job, top_offer, sponsored, opportunity)
    WHERE cell IS NOT NULL;
-- Searches without a place: one entry per job, newest first, index-only.
CREATE INDEX job_search_points_primary_newest_idx ON job_search_points (published_at DESC, job_posting_id DESC)
    INCLUDE (valid_through, organization_id, activity_ids, employment_type_ids, industry_ids, top_job,
             instant_teaser_job, top_offer, sponsored, opportunity)
    WHERE is_primary;
-- Nearest first (sort=distance): GiST KNN.
CREATE INDEX job_search_points_geo_idx ON job_search_points USING gist (geo) WHERE geo IS NOT NULL;
-- Maintenance (refresh by job) and the id[] filter.
CREATE INDEX job_search_points_job_idx ON job_search_points (job_posting_id);

-- Rewrites the search rows of the given jobs from job_postings and job_posting_locations.
CREATE OR REPLACE FUNCTION jh_job_search_refresh(p_ids bigint[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
    IF p_ids IS NULL OR cardinality(p_ids) = 0 THEN
        RETURN;
    END IF;
    DELETE FROM job_search_points WHERE job_posting_id = ANY (p_ids);
    INSERT INTO job_search_points (job_posting_id, location_id, is_primary, cell, geo, published_at, valid_through,
                                   organization_id, activity_ids, employment_type_ids, industry_ids, top_job,
                                   instant_teaser_job, top_offer, sponsored, opportunity)
    SELECT j.id, l.id, coalesce(l.rn = 1, true), jh_geo_cell(l.lat, l.lon), l.geo, j.published_at, j.valid_through,
           j.organization_id, j.activity_ids, j.employment_type_ids, j.industry_ids, j.top_job,
           j.instant_teaser_job, j.top_offer, j.sponsored, j.opportunity
      FROM job_postings AS j
      LEFT JOIN LATERAL (SELECT x.id, x.lat, x.lon, x.geo,
                                row_number() OVER (ORDER BY x.sort_order, x.id) AS rn
                           FROM job_posting_locations AS x
                          WHERE x.job_posting_id = j.id) AS l ON true
     WHERE j.id = ANY (p_ids)
       AND j.is_published AND j.active AND j.published_at IS NOT NULL;
END;
$$;

CREATE OR REPLACE FUNCTION jh_job_search_jobs_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        PERFORM jh_job_search_refresh(ARRAY(SELECT id FROM new_rows));
    ELSE
        -- Only jobs whose searchable values changed (a text edit does not touch the search rows).
        PERFORM jh_job_search_refresh(ARRAY(
            SELECT n.id FROM new_rows AS n JOIN old_rows AS o ON o.id = n.id
             WHERE (n.is_published, n.active, n.published_at, n.valid_through, n.organization_id, n.activity_ids,
                    n.employment_type_ids, n.industry_ids, n.top_job, n.instant_teaser_job, n.top_offer,
                    n.sponsored, n.opportunity)
                   IS DISTINCT FROM
                   (o.is_published, o.active, o.published_at, o.valid_through, o.organization_id, o.activity_ids,
                    o.employment_type_ids, o.industry_ids, o.top_job, o.instant_teaser_job, o.top_offer,
                    o.sponsored, o.opportunity)));
    END IF;
    RETURN NULL;
END;
$$;

CREATE TRIGGER job_postings_search_ins AFTER INSERT ON job_postings
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION jh_job_search_jobs_changed();
CREATE TRIGGER job_postings_search_upd AFTER UPDATE ON job_postings
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION jh_job_search_jobs_changed();

CREATE OR REPLACE FUNCTION jh_job_search_locations_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        PERFORM jh_job_search_refresh(ARRAY(SELECT DISTINCT job_posting_id FROM new_rows));
    ELSIF TG_OP = 'DELETE' THEN
        PERFORM jh_job_search_refresh(ARRAY(SELECT DISTINCT job_posting_id FROM old_rows));
    ELSE
        PERFORM jh_job_search_refresh(ARRAY(SELECT job_posting_id FROM new_rows UNION SELECT job_posting_id FROM old_rows));
    END IF;
    RETURN NULL;
END;
$$;

CREATE TRIGGER job_posting_locations_search_ins AFTER INSERT ON job_posting_locations
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION jh_job_search_locations_changed();
CREATE TRIGGER job_posting_locations_search_upd AFTER UPDATE ON job_posting_locations
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION jh_job_search_locations_changed();
CREATE TRIGGER job_posting_locations_search_del AFTER DELETE ON job_posting_locations
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION jh_job_search_locations_changed();

-- Rows for jobs that exist already (none on a fresh database; the seeder runs after this).
SELECT jh_job_search_refresh(ARRAY(SELECT id FROM job_postings));

------------------------------------------------------------------------------------------------
-- Resolving slugs (or ids given as text) of activities, employment types and industries to ids.
-- An unknown value resolves to nothing; a filter that resolves to nothing matches no job.
------------------------------------------------------------------------------------------------
CREATE OR REPLACE FUNCTION jh_activity_ids(p text[]) RETURNS integer[]
LANGUAGE sql STABLE PARALLEL SAFE
RETURN ARRAY(SELECT a.id FROM activities AS a WHERE a.slug = ANY (p) OR a.id::text = ANY (p) ORDER BY a.id);

CREATE OR REPLACE FUNCTION jh_employment_type_ids(p text[]) RETURNS integer[]
LANGUAGE sql STABLE PARALLEL SAFE
RETURN ARRAY(SELECT e.id FROM employment_types AS e WHERE e.slug = ANY (p) OR e.id::text = ANY (p) ORDER BY e.id);

CREATE OR REPLACE FUNCTION jh_industry_ids(p text[]) RETURNS integer[]
LANGUAGE sql STABLE PARALLEL SAFE
RETURN ARRAY(SELECT i.id FROM industries AS i WHERE i.slug = ANY (p) OR i.id::text = ANY (p) ORDER BY i.id);

------------------------------------------------------------------------------------------------
-- Cards: what a list shows of a job, in the order of p_ids. p_lat/p_lon (optional) add the
-- distance of each location and of the nearest one, in metres.
------------------------------------------------------------------------------------------------
CREATE OR REPLACE FUNCTION jh_job_cards(p_ids bigint[], p_lat double precision, p_lon double precision)
RETURNS TABLE (id bigint, slug text, title text, teaser text, organization_id bigint, organization_name text,
               organization_slug text, organization_has_logo boolean, base_salary text, salary_unit text,
               salary_currency text, location_description text, is_published boolean, top_job boolean,
               instant_teaser_job boolean, top_offer boolean, sponsored boolean, opportunity boolean,
               published_at text, created_at text, valid_through text, activities text, employment_types text,
               locations text, tags text, distance_m double precision)
LANGUAGE sql STABLE PARALLEL SAFE
AS $$
    SELECT j.id, j.slug, j.title,
           left(regexp_replace(split_part(j.description, E'\n', 1), '\s+', ' ', 'g'), 200),
           o.id, o.name, o.slug, (o.logo_path IS NOT NULL OR j.logo_path IS NOT NULL),
           j.base_salary::text, j.salary_unit::text, j.salary_currency, j.location_description,
           j.is_published, j.top_job, j.instant_teaser_job, j.top_offer, j.sponsored, j.opportunity,
           to_json(j.published_at) #>> '{}', to_json(j.created_at) #>> '{}', to_json(j.valid_through) #>> '{}',
           (SELECT coalesce(json_agg(json_build_object('id', a.id, 'slug', a.slug, 'name', a.name) ORDER BY a.sort_order), '[]')
              FROM activities AS a WHERE a.id = ANY (j.activity_ids))::text,
           (SELECT coalesce(json_agg(json_build_object('id', e.id, 'slug', e.slug, 'name', e.name) ORDER BY e.sort_order), '[]')
              FROM employment_types AS e WHERE e.id = ANY (j.employment_type_ids))::text,
           (SELECT coalesce(json_agg(json_build_object(
                        'id', l.id, 'name', l.name, 'street', l.street, 'zipcode', l.zipcode, 'city', l.city,
                        'country', l.country, 'lat', l.lat, 'lon', l.lon, 'placeId', l.place_id,
                        'distance', CASE WHEN q.pt IS NOT NULL THEN round(earth_distance(l.geo, q.pt)) END)
                      ORDER BY l.sort_order, l.id), '[]')
              FROM job_posting_locations AS l WHERE l.job_posting_id = j.id)::text,
           to_json(j.tags)::text,
           (SELECT min(earth_distance(l.geo, q.pt)) FROM job_posting_locations AS l WHERE l.job_posting_id = j.id)
      FROM (SELECT jh_earth(p_lat, p_lon) AS pt) AS q
     CROSS JOIN unnest(p_ids) WITH ORDINALITY AS u(id, ord)
      JOIN job_postings AS j ON j.id = u.id
      JOIN organizations AS o ON o.id = j.organization_id
     ORDER BY u.ord
$$;

------------------------------------------------------------------------------------------------
-- Orders a window of job ids (at most p_window of them) by relevance, distance or at random;
-- ties and everything else newest first.
------------------------------------------------------------------------------------------------
CREATE OR REPLACE FUNCTION jh_job_order_window(p_ids bigint[], p_sort text, p_q tsquery, p_pt earth) RETURNS bigint[]
LANGUAGE sql VOLATILE PARALLEL SAFE
AS $$
    SELECT coalesce(array_agg(j.id ORDER BY
               CASE WHEN p_sort = 'relevance' THEN ts_rank(j.search_vector, p_q) END DESC,
               CASE WHEN p_sort = 'distance'
                    THEN (SELECT min(cube_distance(p.geo, p_pt)) FROM job_search_points AS p WHERE p.job_posting_id = j.id) END,
               CASE WHEN p_sort = 'random' THEN random() END,
               j.published_at DESC, j.id DESC), '{}')
      FROM job_postings AS j
     WHERE j.id = ANY (p_ids)
$$;

------------------------------------------------------------------------------------------------
-- The search. Every parameter may be NULL (= no such filter). Returns the cards of one page
-- with the total on every row; an empty page is one row with id NULL, so the total still arrives.
--
--   p_q                 free text (websearch syntax; cut to 200 characters by jh_search_query)
--   p_activities        activity slugs or ids (any of them)
--   p_employment_types  employment type slugs or ids (any of them)
--   p_industries        industry slugs or ids (any of them)
--   p_job_type          job_types.slug (landing pages)
--   p_lat, p_lon, p_radius_m   the place filter (all three or none)
--   p_since_s           published within the last N seconds (release period)
--   p_top_job ... p_opportunity   flag filters (true: only flagged, false: only not flagged)
--   p_ids               only these jobs (at most 100; the route checks)
--   p_organization_id   only this organization's jobs
--   p_not_applied_by    a candidate account id: leave out the jobs it applied to
--   p_sort              'relevance' (needs p_q), 'newest', 'distance' (needs the place), 'random'
--   p_limit, p_offset   the page (limit ≤ 100, offset + limit ≤ 1000 gives items)
--   p_count_cap         count up to this many (then "capped")
--   p_window            relevance / random work on the newest p_window matches
------------------------------------------------------------------------------------------------
CREATE OR REPLACE FUNCTION jh_job_search(
    p_q text, p_activities text[], p_employment_types text[], p_industries text[], p_job_type text,
    p_lat double precision, p_lon double precision, p_radius_m double precision, p_since_s integer,
    p_top_job boolean, p_instant_teaser_job boolean, p_top_offer boolean, p_sponsored boolean, p_opportunity boolean,
    p_ids bigint[], p_organization_id bigint, p_not_applied_by bigint,
    p_sort text, p_limit integer, p_offset integer, p_count_cap integer DEFAULT 1000, p_window integer DEFAULT 200)
RETURNS TABLE (total bigint, capped boolean, id bigint, slug text, title text, teaser text, organization_id bigint,
               organization_name text, organization_slug text, organization_has_logo boolean, base_salary text,
               salary_unit text, salary_currency text, location_description text, is_published boolean,
               top_job boolean, instant_teaser_job boolean, top_offer boolean, sponsored boolean, opportunity boolean,
               published_at text, created_at text, valid_through text, activities text, employment_types text,
               locations text, tags text, distance_m double precision)
LANGUAGE plpgsql VOLATILE
AS $$
DECLARE
    v_q      tsquery;
    v_act    integer[];
    v_emp    integer[];
    v_ind    integer[];
    v_tact   integer[];
    v_temp   integer[];
    v_pt     earth;
    v_chord  double precision;
    v_cells  integer[];
    v_box    cube;
    v_since  timestamptz;
    v_limit  integer := greatest(0, least(coalesce(p_limit, 20), 100));
    v_offset integer := greatest(0, coalesce(p_offset, 0));
    v_cap    integer := greatest(1, least(coalesce(p_count_cap, 1000), 10000));
    v_window integer := greatest(1, least(coalesce(p_window, 200), 1000));
    v_sort   text := coalesce(p_sort, CASE WHEN p_q IS NOT NULL THEN 'relevance' ELSE 'newest' END);
    v_filter text := '';
    v_from   text;
    v_sql    text;
    v_count  bigint;
    v_page   bigint[] := '{}';
    v_all    bigint[];
    v_more   bigint[];
    v_rows   bigint;
    v_scan   integer := 5000;
    v_nothing boolean := false;
BEGIN
    -- Inputs → values. A filter that names only unknown entries matches nothing.
    IF p_q IS NOT NULL AND btrim(p_q) <> '' THEN
        v_q := jh_search_query(p_q);
        IF numnode(v_q) = 0 THEN v_q := NULL; END IF;      -- only stop words: no text filter
    END IF;
    IF p_activities IS NOT NULL THEN
        v_act := jh_activity_ids(p_activities);
        v_nothing := v_nothing OR cardinality(v_act) = 0;
    END IF;
    IF p_employment_types IS NOT NULL THEN
        v_emp := jh_employment_type_ids(p_employment_types);
        v_nothing := v_nothing OR cardinality(v_emp) = 0;
    END IF;
    IF p_industries IS NOT NULL THEN
        v_ind := jh_industry_ids(p_industries);
        v_nothing := v_nothing OR cardinality(v_ind) = 0;
    END IF;
    IF p_job_type IS NOT NULL THEN
        SELECT t.activity_ids, t.employment_type_ids INTO v_tact, v_temp FROM job_types AS t WHERE t.slug = p_job_type;
        v_nothing := v_nothing OR NOT FOUND;
    END IF;
    IF p_lat IS NOT NULL AND p_lon IS NOT NULL AND p_radius_m IS NOT NULL THEN
        v_pt := jh_earth(p_lat, p_lon);
        v_chord := gc_to_sec(p_radius_m);
        v_cells := jh_geo_cells(p_lat, p_lon, p_radius_m);
        v_box := earth_box(v_pt, p_radius_m);
        -- Up to 50 km a circle holds a few thousand places at most: scan them all at once. Wider
        -- circles are counted up to the cap, and their pages come from an ordered index scan.
        IF p_radius_m > 50000 THEN v_scan := v_cap + 1; END IF;
    END IF;
    IF p_since_s IS NOT NULL THEN
        v_since := now() - make_interval(secs => p_since_s);
    END IF;
    IF v_sort = 'relevance' AND v_q IS NULL THEN v_sort := 'newest'; END IF;
    IF v_sort = 'distance' AND v_pt IS NULL THEN v_sort := 'newest'; END IF;

    IF v_nothing THEN
        RETURN QUERY SELECT 0::bigint, false, NULL::bigint, NULL::text, NULL::text, NULL::text, NULL::bigint, NULL::text,
                            NULL::text, NULL::boolean, NULL::text, NULL::text, NULL::text, NULL::text, NULL::boolean,
                            NULL::boolean, NULL::boolean, NULL::boolean, NULL::boolean, NULL::boolean, NULL::text,
                            NULL::text, NULL::text, NULL::text, NULL::text, NULL::text, NULL::text, NULL::float8;
        RETURN;
    END IF;

    -- The filters, as fixed fragments over alias x (job_postings or job_search_points: the same
    -- column names). Parameters: $1 q, $2 act, $3 emp, $4 ind, $5 type act, $6 type emp, $7 point,
    -- $8 chord, $9 cells, $10 since, $11-$15 flags, $16 ids, $17 organization, $18 candidate,
    -- $19 limit, $20 offset, $21 cap + 1, $22 box, $23 window, $24 scan limit of a place search.
    v_filter := ' AND (x.valid_through IS NULL OR x.valid_through > now())';
    IF v_act IS NOT NULL THEN v_filter := v_filter || ' AND x.activity_ids && $2'; END IF;
    IF v_emp IS NOT NULL THEN v_filter := v_filter || ' AND x.employment_type_ids && $3'; END IF;
    IF v_ind IS NOT NULL THEN v_filter := v_filter || ' AND x.industry_ids && $4'; END IF;
    IF p_job_type IS NOT NULL THEN
        v_filter := v_filter || ' AND (x.activity_ids && $5 OR x.employment_type_ids && $6)';
    END IF;
    IF v_since IS NOT NULL THEN v_filter := v_filter || ' AND x.published_at >= $10'; END IF;
    IF p_top_job IS NOT NULL THEN v_filter := v_filter || ' AND x.top_job = $11'; END IF;
    IF p_instant_teaser_job IS NOT NULL THEN v_filter := v_filter || ' AND x.instant_teaser_job = $12'; END IF;
    IF p_top_offer IS NOT NULL THEN v_filter := v_filter || ' AND x.top_offer = $13'; END IF;
    IF p_sponsored IS NOT NULL THEN v_filter := v_filter || ' AND x.sponsored = $14'; END IF;
    IF p_opportunity IS NOT NULL THEN v_filter := v_filter || ' AND x.opportunity = $15'; END IF;
    IF p_organization_id IS NOT NULL THEN v_filter := v_filter || ' AND x.organization_id = $17'; END IF;

    IF v_q IS NOT NULL THEN
        ------------------------------------------------------------------ full text (job_postings)
        v_from := ' FROM job_postings AS x WHERE x.is_published AND x.active AND x.published_at IS NOT NULL'
               || ' AND x.search_vector @@ $1' || v_filter;
        IF p_ids IS NOT NULL THEN v_from := v_from || ' AND x.id = ANY ($16)'; END IF;
        IF p_not_applied_by IS NOT NULL THEN
            v_from := v_from || ' AND NOT EXISTS (SELECT 1 FROM applications AS a'
                             || ' WHERE a.job_posting_id = x.id AND a.candidate_account_id = $18)';
        END IF;
        IF v_pt IS NOT NULL THEN
            v_from := v_from || ' AND EXISTS (SELECT 1 FROM job_search_points AS p WHERE p.job_posting_id = x.id'
                             || ' AND p.geo IS NOT NULL AND $22 @> p.geo AND cube_distance(p.geo, $7) <= $8)';
        END IF;
        -- One scan counts, and when there are at most p_count_cap matches it also yields all of them.
        v_sql := 'SELECT count(*), array_agg(m.id ORDER BY m.published_at DESC, m.id DESC)'
              || ' FROM (SELECT x.id, x.published_at' || v_from || ' LIMIT $21) AS m';
        EXECUTE v_sql INTO v_count, v_all USING v_q, v_act, v_emp, v_ind, v_tact, v_temp, v_pt, v_chord, v_cells, v_since,
            p_top_job, p_instant_teaser_job, p_top_offer, p_sponsored, p_opportunity, p_ids, p_organization_id,
            p_not_applied_by, v_limit, v_offset, v_cap + 1, v_box, v_window, v_scan;
        IF v_offset < 1000 AND v_limit > 0 THEN
            IF v_count <= v_cap THEN
                v_all := coalesce(v_all, '{}');
                IF v_sort <> 'newest' THEN
                    v_all := jh_job_order_window(v_all[1:v_window], v_sort, v_q, v_pt) || v_all[v_window + 1:];
                END IF;
                v_page := v_all[v_offset + 1 : v_offset + v_limit];
            ELSE
                IF v_sort <> 'newest' AND v_offset < v_window THEN
                    -- The newest window of matches (an index scan on published_at that stops early, or a
                    -- bitmap scan for rare words), then ranked, shuffled or sorted by distance.
                    v_sql := 'SELECT array_agg(s.id ORDER BY s.published_at DESC, s.id DESC) FROM (SELECT x.id, x.published_at'
                          || v_from || ' ORDER BY x.published_at DESC, x.id DESC LIMIT $23) AS s';
                    EXECUTE v_sql INTO v_all USING v_q, v_act, v_emp, v_ind, v_tact, v_temp, v_pt, v_chord, v_cells, v_since,
                        p_top_job, p_instant_teaser_job, p_top_offer, p_sponsored, p_opportunity, p_ids, p_organization_id,
                        p_not_applied_by, v_limit, v_offset, v_cap + 1, v_box, v_window, v_scan;
                    v_page := coalesce((jh_job_order_window(coalesce(v_all, '{}'), v_sort, v_q, v_pt))[v_offset + 1 : v_offset + v_limit], '{}');
                END IF;
                IF cardinality(v_page) < v_limit AND (v_sort = 'newest' OR v_offset + v_limit > v_window) THEN
                    -- Newest first (past the window: continuing after it).
                    v_sql := 'SELECT array_agg(s.id ORDER BY s.published_at DESC, s.id DESC) FROM (SELECT x.id, x.published_at'
                          || v_from || ' ORDER BY x.published_at DESC, x.id DESC LIMIT $19 OFFSET $20) AS s';
                    EXECUTE v_sql INTO v_more USING v_q, v_act, v_emp, v_ind, v_tact, v_temp, v_pt, v_chord, v_cells, v_since,
                        p_top_job, p_instant_teaser_job, p_top_offer, p_sponsored, p_opportunity, p_ids, p_organization_id,
                        p_not_applied_by, v_limit - cardinality(v_page),
                        CASE WHEN v_sort = 'newest' THEN v_offset ELSE greatest(v_offset, v_window) END,
                        v_cap + 1, v_box, v_window, v_scan;
                    v_page := v_page || coalesce(v_more, '{}');
                END IF;
            END IF;
        END IF;

    ELSIF v_pt IS NOT NULL THEN
        ------------------------------------------------------------------ place (job_search_points)
        -- The planner cannot estimate how many places a circle holds (cube_distance has no
        -- statistics) and may then prefer a sequential scan; the index-only scans of the cells or
        -- of the newest entries are never much worse and usually far better.
        PERFORM set_config('enable_seqscan', 'off', true);
        v_from := ' FROM job_search_points AS x WHERE x.geo IS NOT NULL'
               || CASE WHEN v_cells IS NOT NULL THEN ' AND x.cell = ANY ($9)' ELSE ' AND x.cell IS NOT NULL AND $22 @> x.geo' END
               || ' AND cube_distance(x.geo, $7) <= $8' || v_filter;
        IF p_ids IS NOT NULL THEN v_from := v_from || ' AND x.job_posting_id = ANY ($16)'; END IF;
        IF p_not_applied_by IS NOT NULL THEN
            v_from := v_from || ' AND NOT EXISTS (SELECT 1 FROM applications AS a'
                             || ' WHERE a.job_posting_id = x.job_posting_id AND a.candidate_account_id = $18)';
        END IF;
        -- One scan of at most p_scan entries: when the circle holds fewer, it gives the exact total and
        -- the whole ordered list (a job with several places counts once, at its nearest place).
        v_sql := 'WITH m AS MATERIALIZED (SELECT x.job_posting_id AS id, x.published_at AS p, cube_distance(x.geo, $7) AS d'
              || v_from || ' LIMIT $24) SELECT (SELECT count(*) FROM m), (SELECT array_agg(g.id ORDER BY '
              || CASE WHEN v_sort = 'distance' THEN 'g.d, g.id' ELSE 'g.p DESC, g.id DESC' END
              || ') FROM (SELECT m.id, max(m.p) AS p, min(m.d) AS d FROM m GROUP BY m.id) AS g)';
        EXECUTE v_sql INTO v_rows, v_all USING v_q, v_act, v_emp, v_ind, v_tact, v_temp, v_pt, v_chord, v_cells, v_since,
            p_top_job, p_instant_teaser_job, p_top_offer, p_sponsored, p_opportunity, p_ids, p_organization_id,
            p_not_applied_by, v_limit, v_offset, v_cap + 1, v_box, v_window, v_scan;
        v_all := coalesce(v_all, '{}');
        IF v_rows < v_scan THEN
            v_count := cardinality(v_all);
            IF v_offset < 1000 AND v_limit > 0 THEN
                IF v_sort = 'random' THEN
                    v_all := jh_job_order_window(v_all[1:v_window], 'random', NULL, NULL);
                END IF;
                v_page := v_all[v_offset + 1 : v_offset + v_limit];
            END IF;
        ELSE
            v_count := v_cap + 1;   -- more than p_scan places: capped
            IF v_offset < 1000 AND v_limit > 0 THEN
                IF v_sort = 'distance' THEN
                    -- Nearest first by the GiST index; a job with several places counts at its nearest.
                    v_sql := 'SELECT array_agg(k.job_posting_id ORDER BY k.d, k.job_posting_id) FROM ('
                          || 'SELECT n.job_posting_id, min(n.d) AS d FROM (SELECT x.job_posting_id, x.geo <-> $7 AS d'
                          || v_from || ' ORDER BY x.geo <-> $7 LIMIT ($19 + $20) * 4) AS n'
                          || ' GROUP BY n.job_posting_id ORDER BY 2, 1 LIMIT $19 OFFSET $20) AS k';
                ELSIF v_sort = 'random' THEN
                    v_sql := 'SELECT array_agg(k.job_posting_id ORDER BY random()) FROM (SELECT DISTINCT w.job_posting_id'
                          || ' FROM (SELECT x.job_posting_id' || v_from
                          || ' ORDER BY x.published_at DESC, x.job_posting_id DESC LIMIT $23) AS w) AS k';
                ELSE
                    v_sql := 'SELECT array_agg(k.job_posting_id ORDER BY k.published_at DESC, k.job_posting_id DESC) FROM ('
                          || 'SELECT DISTINCT x.published_at, x.job_posting_id' || v_from
                          || ' ORDER BY x.published_at DESC, x.job_posting_id DESC LIMIT $19 OFFSET $20) AS k';
                END IF;
                EXECUTE v_sql INTO v_page USING v_q, v_act, v_emp, v_ind, v_tact, v_temp, v_pt, v_chord, v_cells, v_since,
                    p_top_job, p_instant_teaser_job, p_top_offer, p_sponsored, p_opportunity, p_ids, p_organization_id,
                    p_not_applied_by, v_limit, v_offset, v_cap + 1, v_box, v_window, v_scan;
                IF v_sort = 'random' THEN
                    v_page := v_page[1 : v_limit];
                END IF;
            END IF;
        END IF;

        PERFORM set_config('enable_seqscan', 'on', true);

    ELSE
        ------------------------------------------------------------------ no text, no place
        v_from := ' FROM job_search_points AS x WHERE x.is_primary' || v_filter;
        IF p_ids IS NOT NULL THEN v_from := v_from || ' AND x.job_posting_id = ANY ($16)'; END IF;
        IF p_not_applied_by IS NOT NULL THEN
            v_from := v_from || ' AND NOT EXISTS (SELECT 1 FROM applications AS a'
                             || ' WHERE a.job_posting_id = x.job_posting_id AND a.candidate_account_id = $18)';
        END IF;
        v_sql := 'SELECT count(*), array_agg(m.id ORDER BY m.p DESC, m.id DESC)'
              || ' FROM (SELECT x.job_posting_id AS id, x.published_at AS p' || v_from || ' LIMIT $21) AS m';
        EXECUTE v_sql INTO v_count, v_all USING v_q, v_act, v_emp, v_ind, v_tact, v_temp, v_pt, v_chord, v_cells, v_since,
            p_top_job, p_instant_teaser_job, p_top_offer, p_sponsored, p_opportunity, p_ids, p_organization_id,
            p_not_applied_by, v_limit, v_offset, v_cap + 1, v_box, v_window, v_scan;
        IF v_offset < 1000 AND v_limit > 0 THEN
            IF v_count <= v_cap THEN
                v_all := coalesce(v_all, '{}');
                IF v_sort = 'random' THEN
                    v_all := jh_job_order_window(v_all[1:v_window], 'random', NULL, NULL);
                END IF;
                v_page := v_all[v_offset + 1 : v_offset + v_limit];
            ELSIF v_sort = 'random' THEN
                v_sql := 'SELECT (array_agg(k.job_posting_id ORDER BY random()))[1:$19] FROM (SELECT x.job_posting_id'
                      || v_from || ' ORDER BY x.published_at DESC, x.job_posting_id DESC LIMIT $23) AS k';
                EXECUTE v_sql INTO v_page USING v_q, v_act, v_emp, v_ind, v_tact, v_temp, v_pt, v_chord, v_cells, v_since,
                    p_top_job, p_instant_teaser_job, p_top_offer, p_sponsored, p_opportunity, p_ids, p_organization_id,
                    p_not_applied_by, v_limit, v_offset, v_cap + 1, v_box, v_window, v_scan;
            ELSE
                v_sql := 'SELECT array_agg(k.job_posting_id ORDER BY k.published_at DESC, k.job_posting_id DESC) FROM ('
                      || 'SELECT x.job_posting_id, x.published_at' || v_from
                      || ' ORDER BY x.published_at DESC, x.job_posting_id DESC LIMIT $19 OFFSET $20) AS k';
                EXECUTE v_sql INTO v_page USING v_q, v_act, v_emp, v_ind, v_tact, v_temp, v_pt, v_chord, v_cells, v_since,
                    p_top_job, p_instant_teaser_job, p_top_offer, p_sponsored, p_opportunity, p_ids, p_organization_id,
                    p_not_applied_by, v_limit, v_offset, v_cap + 1, v_box, v_window, v_scan;
            END IF;
        END IF;
    END IF;
    v_page := coalesce(v_page, '{}');
    IF cardinality(v_page) = 0 THEN
        RETURN QUERY SELECT least(v_count, v_cap::bigint), v_count > v_cap, NULL::bigint, NULL::text, NULL::text,
                            NULL::text, NULL::bigint, NULL::text, NULL::text, NULL::boolean, NULL::text, NULL::text,
                            NULL::text, NULL::text, NULL::boolean, NULL::boolean, NULL::boolean, NULL::boolean,
                            NULL::boolean, NULL::boolean, NULL::text, NULL::text, NULL::text, NULL::text, NULL::text,
                            NULL::text, NULL::text, NULL::float8;
    ELSE
        RETURN QUERY SELECT least(v_count, v_cap::bigint), v_count > v_cap, c.*
                       FROM jh_job_cards(v_page, p_lat, p_lon) AS c;
    END IF;
END;
$$;

COMMENT ON FUNCTION jh_job_search(text, text[], text[], text[], text, double precision, double precision,
                                  double precision, integer, boolean, boolean, boolean, boolean, boolean, bigint[],
                                  bigint, bigint, text, integer, integer, integer, integer) IS
  'GET /api/job_postings: one page of job cards with the (capped) total. See the header of 0016_job_search.sql.';

------------------------------------------------------------------------------------------------
-- Totals: all live jobs and per job type (the shell's counters). One index-only pass.
------------------------------------------------------------------------------------------------
CREATE OR REPLACE FUNCTION jh_job_totals() RETURNS TABLE (job_type text, name text, total bigint)
LANGUAGE sql STABLE PARALLEL SAFE
AS $$
    WITH live AS MATERIALIZED (
        SELECT x.activity_ids, x.employment_type_ids
          FROM job_search_points AS x
         WHERE x.is_primary AND (x.valid_through IS NULL OR x.valid_through > now()))
    SELECT NULL::text, 'Alle Jobs'::text, (SELECT count(*) FROM live)
    UNION ALL
    SELECT t.slug, t.name,
           (SELECT count(*) FROM live AS l
             WHERE l.activity_ids && t.activity_ids OR l.employment_type_ids && t.employment_type_ids)
      FROM job_types AS t
$$;
