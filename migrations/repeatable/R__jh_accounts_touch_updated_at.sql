-- R__jh_accounts_touch_updated_at.sql: the current definition of jh_accounts_touch_updated_at
-- (first in 0004_accounts.sql).
-- A repeatable migration: edit this file to change the function; it is re-applied when its
-- checksum changes (docs/running.md, "Migrations").
CREATE OR REPLACE FUNCTION jh_accounts_touch_updated_at() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    NEW.updated_at := now();
    RETURN NEW;
END;
$$;
