-- R__jh_job_cards.sql: the current definition of jh_job_cards
-- (first in 0016_job_search.sql).
-- A repeatable migration: edit this file to change the function; it is re-applied when its
-- checksum changes (docs/running.md, "Migrations").
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
