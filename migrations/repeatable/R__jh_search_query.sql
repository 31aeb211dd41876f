-- R__jh_search_query.sql: the current definition of jh_search_query
-- (first in 0014_job_postings.sql).
-- A repeatable migration: edit this file to change the function; it is re-applied when its
-- checksum changes (docs/running.md, "Migrations").
-- The query side: user text (bounded to 200 characters) → tsquery. websearch syntax: words are
-- ANDed, "quoted phrases", OR, -exclusion. Returns an empty query (matches nothing) for empty or
-- stop-word-only input; callers should treat numnode(q) = 0 as "no text filter".
-- Every lexeme of three or more letters matches as a prefix ('promo':* finds "Promotion": a
-- visitor types the start of a word, issue 41); a shorter one matches only itself (one or two
-- letters would be the union of thousands of words). The in-memory index applies the same rule
-- (search/job_index.h, matches_as_prefix). The tsquery's text form quotes each lexeme ('' for a
-- quote inside): the first pass marks every quoted lexeme :*, the second unmarks the short ones.
CREATE OR REPLACE FUNCTION jh_search_query(q text) RETURNS tsquery
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN (SELECT CASE WHEN numnode(w) = 0 THEN w
                    ELSE regexp_replace(regexp_replace(w::text, '''((?:[^'']|'''')*)''', '''\1'':*', 'g'),
                                        '''((?:[^'']|''''){1,2})'':\*', '''\1''', 'g')::tsquery END
        FROM (SELECT websearch_to_tsquery('german', jh_fold(left(q, 200))) AS w) AS words);

COMMENT ON FUNCTION jh_search_query(text) IS
  'websearch_to_tsquery(''german'', jh_fold(left(q, 200))) with every lexeme of 3+ letters as a prefix (:*): the one way to turn user text into a job/organization query.';
