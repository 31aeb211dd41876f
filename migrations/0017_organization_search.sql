-- 0017_organization_search.sql
-- Reading organizations for the organization list, details, cards and the multi-search.
--
-- Open jobs are counted from job_search_points (live, not expired), one index-only range per
-- organization. Ratings and favourites of organizations arrive with a later issue: until their
-- tables exist the counts are 0 and the average is NULL (jh_organization_views is the one place
-- to extend then).

CREATE INDEX job_search_points_organization_idx ON job_search_points (organization_id)
    INCLUDE (valid_through) WHERE is_primary;

-- Organizations in the order of p_ids, with their open jobs.
CREATE OR REPLACE FUNCTION jh_organization_views(p_ids bigint[])
RETURNS TABLE (id bigint, slug text, name text, description text, has_logo boolean, founding_year integer,
               employees integer, working_days_per_year integer, contact_name text, contact_email text,
               contact_phone text, website text, company_name text, legal_form text, street text, zipcode text,
               city text, country text, vat_id text, register_court text, register_number text,
               open_jobs bigint, ratings_count bigint, rating_average double precision, favorites_count bigint,
               created_at text)
LANGUAGE sql STABLE PARALLEL SAFE
AS $$
    SELECT o.id, o.slug, o.name, o.description, o.logo_path IS NOT NULL, o.founding_year::integer, o.employees,
           o.working_days_per_year, o.contact_name, o.contact_email::text, o.contact_phone, o.website,
           coalesce(o.company_name, o.name), o.legal_form, o.street, o.zipcode, o.city, o.country, o.vat_id,
           o.register_court, o.register_number,
           (SELECT count(*) FROM job_search_points AS p
             WHERE p.organization_id = o.id AND p.is_primary AND (p.valid_through IS NULL OR p.valid_through > now())),
           0::bigint, NULL::double precision, 0::bigint,
           to_json(o.created_at) #>> '{}'
      FROM unnest(p_ids) WITH ORDINALITY AS u(id, ord)
      JOIN organizations AS o ON o.id = u.id
     WHERE o.active
     ORDER BY u.ord
$$;

-- One page of active organizations: by name, or matching a text (full text on name, city and
-- description, or a typo-tolerant match on the name), best match first. The total is capped.
CREATE OR REPLACE FUNCTION jh_organization_search(p_q text, p_limit integer, p_offset integer, p_count_cap integer DEFAULT 1000)
RETURNS TABLE (total bigint, ids bigint[])
LANGUAGE plpgsql STABLE
AS $$
DECLARE
    v_q     tsquery;
    v_fold  text;
    v_limit integer := greatest(0, least(coalesce(p_limit, 20), 100));
    v_off   integer := greatest(0, least(coalesce(p_offset, 0), 1000));
    v_cap   integer := greatest(1, least(coalesce(p_count_cap, 1000), 10000));
BEGIN
    IF p_q IS NULL OR btrim(p_q) = '' THEN
        RETURN QUERY
        SELECT (SELECT count(*) FROM (SELECT 1 FROM organizations AS o WHERE o.active LIMIT v_cap) AS c),
               ARRAY(SELECT o.id FROM organizations AS o WHERE o.active ORDER BY o.name, o.id LIMIT v_limit OFFSET v_off);
        RETURN;
    END IF;
    v_q := jh_search_query(p_q);
    v_fold := jh_fold(left(p_q, 100));
    RETURN QUERY
    WITH m AS MATERIALIZED (
        SELECT o.id, o.name,
               ts_rank(o.search_vector, v_q) + word_similarity(v_fold, jh_fold(o.name)) AS score
          FROM organizations AS o
         WHERE o.active
           AND ((numnode(v_q) > 0 AND o.search_vector @@ v_q) OR v_fold <% jh_fold(o.name))
         LIMIT v_cap)
    SELECT (SELECT count(*) FROM m),
           ARRAY(SELECT m.id FROM m ORDER BY m.score DESC, m.name, m.id LIMIT v_limit OFFSET v_off);
END;
$$;
