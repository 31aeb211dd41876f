-- R__jh_job_order_window.sql: the current definition of jh_job_order_window
-- (first in 0016_job_search.sql).
-- A repeatable migration: edit this file to change the function; it is re-applied when its
-- checksum changes (docs/running.md, "Migrations").
CREATE OR REPLACE FUNCTION jh_job_order_window(p_ids bigint[], p_sort text, p_q tsquery, p_pt earth) RETURNS bigint[]
LANGUAGE sql VOLATILE PARALLEL SAFE
AS $$
    SELECT coalesce(array_agg(j.id ORDER BY
               CASE WHEN p_sort = 'relevance' THEN ts_rank(j.search_vector, p_q) END DESC,
               CASE WHEN p_sort = 'distance'
                    THEN (SELECT min(cube_distance(p.geo, p_pt)) FROM job_search_points AS p WHERE p.job_posting_id = j.id) END,
               CASE WHEN p_sort = 'random' THEN random() END,
               j.published_at DESC, j.id DESC), '{}')
      FROM job_postings AS j
     WHERE j.id = ANY (p_ids)
$$;
