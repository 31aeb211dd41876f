-- R__jh_places_autocomplete.sql: the current definition of jh_places_autocomplete
-- (first in 0012_places.sql).
-- A repeatable migration: edit this file to change the function; it is re-applied when its
-- checksum changes (docs/running.md, "Migrations").
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
