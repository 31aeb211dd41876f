-- R__jh_job_search.sql: the current definition of jh_job_search
-- (first in 0016_job_search.sql, last changed in 0018_job_search_wide_circles.sql).
-- A repeatable migration: edit this file to change the function; it is re-applied when its
-- checksum changes (docs/running.md, "Migrations").
-- p_shifts_from, p_shifts_to (issue 30): only jobs with a free shift (jh_free_shifts) dated within
-- them (Berlin dates, inclusive, either may be NULL); 0186 dropped the definition without them.
CREATE OR REPLACE FUNCTION jh_job_search(
    p_q text, p_activities text[], p_employment_types text[], p_industries text[], p_job_type text,
    p_lat double precision, p_lon double precision, p_radius_m double precision, p_since_s integer,
    p_top_job boolean, p_instant_teaser_job boolean, p_top_offer boolean, p_sponsored boolean, p_opportunity boolean,
    p_ids bigint[], p_organization_id bigint, p_not_applied_by bigint,
    p_sort text, p_limit integer, p_offset integer, p_count_cap integer DEFAULT 1000, p_window integer DEFAULT 100,
    p_shifts_from date DEFAULT NULL, p_shifts_to date DEFAULT NULL)
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
    v_window integer := greatest(1, least(coalesce(p_window, 100), 1000));
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
    v_plan   json;
    v_est    double precision;
    v_complete boolean := false;
    v_nothing boolean := false;
    v_shifts  text := '';
    v_shift_lo date := coalesce(p_shifts_from, '-infinity'::date);   -- $25, $26: open ends
    v_shift_hi date := coalesce(p_shifts_to, 'infinity'::date);
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
    -- $19 limit, $20 offset, $21 cap + 1, $22 box, $23 window, $24 scan limit of a place search,
    -- $25, $26 the shift dates.
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
    -- $25, $26: the shift dates; the job's id column (x.id or x.job_posting_id) is filled in per plan.
    IF p_shifts_from IS NOT NULL OR p_shifts_to IS NOT NULL THEN
        -- The jobs with a free shift in the window are one small set, computed once per statement
        -- (a hashed subplan), not probed per candidate row.
        v_shifts := ' AND x.%s IN (SELECT f.job_posting_id FROM jh_free_shifts() AS f WHERE f.shift_date BETWEEN $25 AND $26)';
    END IF;

    IF v_q IS NOT NULL THEN
        ------------------------------------------------------------------ full text (job_postings)
        v_from := ' FROM job_postings AS x WHERE x.is_published AND x.active AND x.published_at IS NOT NULL'
               || ' AND x.search_vector @@ $1' || v_filter || format(v_shifts, 'id');
        IF p_ids IS NOT NULL THEN v_from := v_from || ' AND x.id = ANY ($16)'; END IF;
        IF p_not_applied_by IS NOT NULL THEN
            v_from := v_from || ' AND NOT EXISTS (SELECT 1 FROM applications AS a'
                             || ' WHERE a.job_posting_id = x.id AND a.candidate_account_id = $18)';
        END IF;
        IF v_pt IS NOT NULL THEN
            v_from := v_from || ' AND EXISTS (SELECT 1 FROM job_search_points AS p WHERE p.job_posting_id = x.id'
                             || ' AND p.geo IS NOT NULL AND $22 @> p.geo AND cube_distance(p.geo, $7) <= $8)';
        END IF;
        -- How many jobs match, as the planner estimates it (from the word statistics). A word in at
        -- most p_scan jobs is read in one scan that yields every match, newest first (exact total,
        -- window and pages); a common word is counted up to the cap and its pages come from the
        -- newest entries (below).
        EXECUTE 'EXPLAIN (FORMAT JSON) SELECT x.id' || v_from INTO v_plan USING v_q, v_act, v_emp, v_ind, v_tact, v_temp,
            v_pt, v_chord, v_cells, v_since, p_top_job, p_instant_teaser_job, p_top_offer, p_sponsored, p_opportunity,
            p_ids, p_organization_id, p_not_applied_by, v_limit, v_offset, v_cap + 1, v_box, v_window, v_scan, v_shift_lo, v_shift_hi;
        v_est := (v_plan -> 0 -> 'Plan' ->> 'Plan Rows')::double precision;
        IF v_est <= v_scan THEN
            v_sql := 'SELECT count(*), array_agg(m.id ORDER BY m.published_at DESC, m.id DESC)'
                  || ' FROM (SELECT x.id, x.published_at' || v_from || ' LIMIT $24 + 1) AS m';
            EXECUTE v_sql INTO v_rows, v_all USING v_q, v_act, v_emp, v_ind, v_tact, v_temp, v_pt, v_chord, v_cells, v_since,
                p_top_job, p_instant_teaser_job, p_top_offer, p_sponsored, p_opportunity, p_ids, p_organization_id,
                p_not_applied_by, v_limit, v_offset, v_cap + 1, v_box, v_window, v_scan, v_shift_lo, v_shift_hi;
            IF v_rows <= v_scan THEN
                v_complete := true;
                v_count := v_rows;
            END IF;
        END IF;
        IF NOT v_complete THEN
            -- Counts up to the cap; when there are at most p_count_cap matches it also yields all of them.
            v_sql := 'SELECT count(*), array_agg(m.id ORDER BY m.published_at DESC, m.id DESC)'
                  || ' FROM (SELECT x.id, x.published_at' || v_from || ' LIMIT $21) AS m';
            EXECUTE v_sql INTO v_count, v_all USING v_q, v_act, v_emp, v_ind, v_tact, v_temp, v_pt, v_chord, v_cells, v_since,
                p_top_job, p_instant_teaser_job, p_top_offer, p_sponsored, p_opportunity, p_ids, p_organization_id,
                p_not_applied_by, v_limit, v_offset, v_cap + 1, v_box, v_window, v_scan, v_shift_lo, v_shift_hi;
            v_complete := v_count <= v_cap;
        END IF;
        IF v_offset < 1000 AND v_limit > 0 THEN
            IF v_complete THEN
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
                        p_not_applied_by, v_limit, v_offset, v_cap + 1, v_box, v_window, v_scan, v_shift_lo, v_shift_hi;
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
                        v_cap + 1, v_box, v_window, v_scan, v_shift_lo, v_shift_hi;
                    v_page := v_page || coalesce(v_more, '{}');
                END IF;
            END IF;
        END IF;

    ELSIF v_pt IS NOT NULL THEN
        ------------------------------------------------------------------ place (job_search_points)
        -- The planner cannot estimate how many places a circle holds (cube_distance has no
        -- statistics, and the GiST box estimate is far too small) and may then prefer a sequential
        -- or bitmap scan; the index-only scans of the cells (small circles) or of the newest entries
        -- (wide circles, no cell list) are never much worse and usually far better.
        PERFORM set_config('enable_seqscan', 'off', true);
        PERFORM set_config('enable_bitmapscan', 'off', true);
        v_from := ' FROM job_search_points AS x WHERE x.geo IS NOT NULL'
               || CASE WHEN v_cells IS NOT NULL THEN ' AND x.cell = ANY ($9)' ELSE ' AND x.cell IS NOT NULL' END
               || ' AND cube_distance(x.geo, $7) <= $8' || v_filter || format(v_shifts, 'job_posting_id');
        IF p_ids IS NOT NULL THEN v_from := v_from || ' AND x.job_posting_id = ANY ($16)'; END IF;
        IF p_not_applied_by IS NOT NULL THEN
            v_from := v_from || ' AND NOT EXISTS (SELECT 1 FROM applications AS a'
                             || ' WHERE a.job_posting_id = x.job_posting_id AND a.candidate_account_id = $18)';
        END IF;
        -- One scan of at most p_scan entries: when the circle holds fewer, it gives the exact total and
        -- the whole ordered list (a job with several places counts once, at its nearest place).
        -- Without a cell list the scan walks the newest entries (so it stops early in a dense circle).
        v_sql := 'WITH m AS MATERIALIZED (SELECT x.job_posting_id AS id, x.published_at AS p, cube_distance(x.geo, $7) AS d'
              || v_from
              || CASE WHEN v_cells IS NULL THEN ' ORDER BY x.published_at DESC, x.job_posting_id DESC' ELSE '' END
              || ' LIMIT $24) SELECT (SELECT count(*) FROM m), (SELECT array_agg(g.id ORDER BY '
              || CASE WHEN v_sort = 'distance' THEN 'g.d, g.id' ELSE 'g.p DESC, g.id DESC' END
              || ') FROM (SELECT m.id, max(m.p) AS p, min(m.d) AS d FROM m GROUP BY m.id) AS g)';
        EXECUTE v_sql INTO v_rows, v_all USING v_q, v_act, v_emp, v_ind, v_tact, v_temp, v_pt, v_chord, v_cells, v_since,
            p_top_job, p_instant_teaser_job, p_top_offer, p_sponsored, p_opportunity, p_ids, p_organization_id,
            p_not_applied_by, v_limit, v_offset, v_cap + 1, v_box, v_window, v_scan, v_shift_lo, v_shift_hi;
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
                    p_not_applied_by, v_limit, v_offset, v_cap + 1, v_box, v_window, v_scan, v_shift_lo, v_shift_hi;
                IF v_sort = 'random' THEN
                    v_page := v_page[1 : v_limit];
                END IF;
            END IF;
        END IF;

        PERFORM set_config('enable_seqscan', 'on', true);
        PERFORM set_config('enable_bitmapscan', 'on', true);

    ELSE
        ------------------------------------------------------------------ no text, no place
        v_from := ' FROM job_search_points AS x WHERE x.is_primary' || v_filter || format(v_shifts, 'job_posting_id');
        IF p_ids IS NOT NULL THEN v_from := v_from || ' AND x.job_posting_id = ANY ($16)'; END IF;
        IF p_not_applied_by IS NOT NULL THEN
            v_from := v_from || ' AND NOT EXISTS (SELECT 1 FROM applications AS a'
                             || ' WHERE a.job_posting_id = x.job_posting_id AND a.candidate_account_id = $18)';
        END IF;
        v_sql := 'SELECT count(*), array_agg(m.id ORDER BY m.p DESC, m.id DESC)'
              || ' FROM (SELECT x.job_posting_id AS id, x.published_at AS p' || v_from || ' LIMIT $21) AS m';
        EXECUTE v_sql INTO v_count, v_all USING v_q, v_act, v_emp, v_ind, v_tact, v_temp, v_pt, v_chord, v_cells, v_since,
            p_top_job, p_instant_teaser_job, p_top_offer, p_sponsored, p_opportunity, p_ids, p_organization_id,
            p_not_applied_by, v_limit, v_offset, v_cap + 1, v_box, v_window, v_scan, v_shift_lo, v_shift_hi;
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
                    p_not_applied_by, v_limit, v_offset, v_cap + 1, v_box, v_window, v_scan, v_shift_lo, v_shift_hi;
            ELSE
                v_sql := 'SELECT array_agg(k.job_posting_id ORDER BY k.published_at DESC, k.job_posting_id DESC) FROM ('
                      || 'SELECT x.job_posting_id, x.published_at' || v_from
                      || ' ORDER BY x.published_at DESC, x.job_posting_id DESC LIMIT $19 OFFSET $20) AS k';
                EXECUTE v_sql INTO v_page USING v_q, v_act, v_emp, v_ind, v_tact, v_temp, v_pt, v_chord, v_cells, v_since,
                    p_top_job, p_instant_teaser_job, p_top_offer, p_sponsored, p_opportunity, p_ids, p_organization_id,
                    p_not_applied_by, v_limit, v_offset, v_cap + 1, v_box, v_window, v_scan, v_shift_lo, v_shift_hi;
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
                                  bigint, bigint, text, integer, integer, integer, integer, date, date) IS
  'GET /api/job_postings: one page of job cards with the (capped) total. See the headers of 0016 and 0018.';
