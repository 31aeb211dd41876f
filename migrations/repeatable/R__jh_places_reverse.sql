-- R__jh_places_reverse.sql: the current definition of jh_places_reverse
-- (first in 0012_places.sql).
-- A repeatable migration: edit this file to change the function; it is re-applied when its
-- checksum changes (docs/running.md, "Migrations").
-- Reverse lookup: the nearest city (districts are skipped: the point is reported as the town, not
-- the quarter) within p_max_m metres; no row when nothing is that close (e.g. outside DE/AT/CH).
CREATE OR REPLACE FUNCTION jh_places_reverse(
    p_lat   double precision,
    p_lon   double precision,
    p_max_m double precision DEFAULT 30000)
RETURNS TABLE (id integer, name text, label text, kind text, state text, country text,
               lat double precision, lon double precision, population integer,
               distance_m double precision)
LANGUAGE sql STABLE PARALLEL SAFE
AS $$
    WITH q AS MATERIALIZED (SELECT jh_earth(p_lat, p_lon) AS pt)
    SELECT n.id, n.name, n.label, n.kind, n.state, n.country, n.lat, n.lon, n.population,
           earth_distance(n.geo, q.pt) AS distance_m
    FROM q
    CROSS JOIN LATERAL (SELECT p.*
                        FROM places AS p
                        WHERE p.kind = 'city'
                        ORDER BY p.geo <-> q.pt
                        LIMIT 1) AS n
    WHERE earth_distance(n.geo, q.pt) <= p_max_m
$$;

COMMENT ON FUNCTION jh_places_reverse(double precision, double precision, double precision) IS
  'Nearest city to a point (KNN over the GiST index), or nothing beyond p_max_m metres.';
