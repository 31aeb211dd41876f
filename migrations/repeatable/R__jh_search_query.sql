-- R__jh_search_query.sql: the current definition of jh_search_query
-- (first in 0014_job_postings.sql).
-- A repeatable migration: edit this file to change the function; it is re-applied when its
-- checksum changes (docs/running.md, "Migrations").
-- The query side: user text (bounded to 200 characters) → tsquery. websearch syntax: words are
-- ANDed, "quoted phrases", OR, -exclusion. Returns an empty query (matches nothing) for empty or
-- stop-word-only input; callers should treat numnode(q) = 0 as "no text filter".
CREATE OR REPLACE FUNCTION jh_search_query(q text) RETURNS tsquery
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN websearch_to_tsquery('german', jh_fold(left(q, 200)));

COMMENT ON FUNCTION jh_search_query(text) IS
  'websearch_to_tsquery(''german'', jh_fold(left(q, 200))): the one way to turn user text into a job/organization query.';
