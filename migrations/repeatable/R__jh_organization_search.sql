-- R__jh_organization_search.sql: the current definition of jh_organization_search
-- (first in 0017_organization_search.sql).
-- A repeatable migration: edit this file to change the function; it is re-applied when its
-- checksum changes (docs/running.md, "Migrations").
-- One page of active organizations: by name, or matching a text (full text on name, city and
-- description, or a typo-tolerant match on the name), best match first. The total is capped.
CREATE OR REPLACE FUNCTION jh_organization_search(p_q text, p_limit integer, p_offset integer, p_count_cap integer DEFAULT 1000)
RETURNS TABLE (total bigint, ids bigint[])
LANGUAGE plpgsql STABLE
AS $$
DECLARE
    v_q     tsquery;
    v_fold  text;
    v_limit integer := greatest(0, least(coalesce(p_limit, 20), 100));
    v_off   integer := greatest(0, least(coalesce(p_offset, 0), 1000));
    v_cap   integer := greatest(1, least(coalesce(p_count_cap, 1000), 10000));
BEGIN
    IF p_q IS NULL OR btrim(p_q) = '' THEN
        RETURN QUERY
        SELECT (SELECT count(*) FROM (SELECT 1 FROM organizations AS o WHERE o.active LIMIT v_cap) AS c),
               ARRAY(SELECT o.id FROM organizations AS o WHERE o.active ORDER BY o.name, o.id LIMIT v_limit OFFSET v_off);
        RETURN;
    END IF;
    v_q := jh_search_query(p_q);
    v_fold := jh_fold(left(p_q, 100));
    RETURN QUERY
    WITH m AS MATERIALIZED (
        SELECT o.id, o.name,
               ts_rank(o.search_vector, v_q) + word_similarity(v_fold, jh_fold(o.name)) AS score
          FROM organizations AS o
         WHERE o.active
           AND ((numnode(v_q) > 0 AND o.search_vector @@ v_q) OR v_fold <% jh_fold(o.name))
         LIMIT v_cap)
    SELECT (SELECT count(*) FROM m),
           ARRAY(SELECT m.id FROM m ORDER BY m.score DESC, m.name, m.id LIMIT v_limit OFFSET v_off);
END;
$$;
