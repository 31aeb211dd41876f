-- R__jh_copy_title.sql: the title of a duplicated job, "<title> (Kopie)" (issue 29), within the
-- title's 200 characters (docs/providers.md, "The job fields"): a title too long for the suffix
-- is cut at a character (not a byte) and marked "…", so the copy still says it is one.
-- A repeatable migration: edit this file to change the function; it is re-applied when its
-- checksum changes (docs/running.md, "Migrations").
CREATE OR REPLACE FUNCTION jh_copy_title(p_title text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN CASE WHEN char_length(p_title) + char_length(' (Kopie)') <= 200 THEN p_title || ' (Kopie)'
            ELSE rtrim(left(p_title, 200 - char_length('… (Kopie)'))) || '… (Kopie)' END;

COMMENT ON FUNCTION jh_copy_title(text) IS
  'The title of a duplicated job: "<title> (Kopie)", the title cut and marked "…" to stay within 200 characters.';
