-- R__jh_organization_views.sql: the current definition of jh_organization_views
-- (first in 0017_organization_search.sql, last changed in 0035_candidate_actions.sql).
-- A repeatable migration: edit this file to change the function; it is re-applied when its
-- checksum changes (docs/running.md, "Migrations").
-- The organization card's ratings and favourites (replaces 0017's zeros; same signature).
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
           r.n, r.avg,
           (SELECT count(*) FROM favorites AS f JOIN job_postings AS j ON j.id = f.job_posting_id
             WHERE j.organization_id = o.id),
           to_json(o.created_at) #>> '{}'
      FROM unnest(p_ids) WITH ORDINALITY AS u(id, ord)
      JOIN organizations AS o ON o.id = u.id
      CROSS JOIN LATERAL (SELECT count(*) AS n, round(avg(s.stars), 2)::double precision AS avg
                            FROM organization_star_ratings AS s WHERE s.organization_id = o.id) AS r
     WHERE o.active
     ORDER BY u.ord
$$;
