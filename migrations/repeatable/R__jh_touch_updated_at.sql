-- R__jh_touch_updated_at.sql: the current definition of jh_touch_updated_at
-- (first in 0011_organizations.sql).
-- A repeatable migration: edit this file to change the function; it is re-applied when its
-- checksum changes (docs/running.md, "Migrations").
-- Keep updated_at current on every change (callers need not set it).
CREATE OR REPLACE FUNCTION jh_touch_updated_at() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    NEW.updated_at := now();
    RETURN NEW;
END;
$$;
