-- R__jh_json_merge_patch.sql: the current definition of jh_json_merge_patch
-- (first in 0019_sedcard.sql).
-- A repeatable migration: edit this file to change the function; it is re-applied when its
-- checksum changes (docs/running.md, "Migrations").
-- RFC 7386 JSON merge patch: objects merge member by member, null removes, anything else
-- (arrays too) replaces. Used by PATCH /api/candidate_profiles/{id}.
CREATE OR REPLACE FUNCTION jh_json_merge_patch(target jsonb, patch jsonb) RETURNS jsonb
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
    result jsonb;
    k text;
    v jsonb;
BEGIN
    IF jsonb_typeof(patch) IS DISTINCT FROM 'object' THEN
        RETURN patch;
    END IF;
    result := CASE WHEN jsonb_typeof(target) = 'object' THEN target ELSE '{}'::jsonb END;
    FOR k, v IN SELECT * FROM jsonb_each(patch) LOOP
        IF jsonb_typeof(v) = 'null' THEN
            result := result - k;
        ELSE
            result := jsonb_set(result, ARRAY[k], jh_json_merge_patch(result -> k, v), true);
        END IF;
    END LOOP;
    RETURN result;
END;
$$;
