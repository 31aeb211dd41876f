-- R__jh_geo_cells.sql: the current definition of jh_geo_cells
-- (first in 0016_job_search.sql, last changed in 0018_job_search_wide_circles.sql).
-- A repeatable migration: edit this file to change the function; it is re-applied when its
-- checksum changes (docs/running.md, "Migrations").
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
    IF (lat1 - lat0 + 1)::bigint * (lon1 - lon0 + 1) > 700 THEN
        RETURN NULL;
    END IF;
    RETURN ARRAY(SELECT (a + 400) * 10000 + (o + 800)
                   FROM generate_series(lat0, lat1) AS a, generate_series(lon0, lon1) AS o);
END;
$$;
