-- R__jh_search_suggestions.sql: what "Was?" suggests as one types (issue 41): every active
-- activity with its live jobs, and the words most live job titles use (3-40 letters, their
-- spelling as written, the p_words most frequent). A repeatable migration: edit this file to
-- change the function (docs/running.md, "Migrations"). The server reads it once every few minutes
-- per loop and answers each keystroke from memory (actors/jobs/search_suggestions.h).
CREATE OR REPLACE FUNCTION jh_search_suggestions(p_words integer)
RETURNS TABLE (kind text, name text, slug text, jobs bigint)
LANGUAGE sql STABLE PARALLEL SAFE
AS $$
    WITH live AS MATERIALIZED (
        SELECT x.job_posting_id, x.activity_ids
          FROM job_search_points AS x
         WHERE x.is_primary AND (x.valid_through IS NULL OR x.valid_through > now()))
    (SELECT 'activity'::text, a.name, a.slug, (SELECT count(*) FROM live AS l WHERE a.id = ANY (l.activity_ids))
       FROM activities AS a
      WHERE a.active)
    UNION ALL
    (SELECT 'word'::text, w.word, NULL::text, count(DISTINCT l.job_posting_id)
       FROM live AS l
       JOIN job_postings AS j ON j.id = l.job_posting_id
      CROSS JOIN LATERAL regexp_split_to_table(j.title, '[^[:alpha:]]+') AS w(word)
      WHERE char_length(w.word) BETWEEN 3 AND 40
      GROUP BY w.word
      ORDER BY 4 DESC, 2
      LIMIT p_words)
$$;

COMMENT ON FUNCTION jh_search_suggestions(integer) IS
  'The activities (with their live jobs) and the p_words most used words of live job titles: the suggestions under "Was?".';
