-- 0150_job_index_card_sources.sql
-- The in-memory job index keeps each live job's list card (docs/search.md, "Cards"). A card also
-- shows what other tables say: the organization's name, slug and whether it has a logo, and the
-- names and slugs of activities and employment types (in card order). A change of those notifies
-- jh_job_index like a write of the jobs themselves (0061): the organization's jobs by id, a
-- reference table's change as '*' (rare; every instance reloads everything).

CREATE FUNCTION jh_job_index_organizations_written() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    PERFORM jh_job_index_notify(ARRAY(
        SELECT j.id FROM job_postings AS j
          JOIN new_rows AS n ON n.id = j.organization_id
          JOIN old_rows AS o ON o.id = n.id
         WHERE j.is_published
           AND (n.name, n.slug, n.logo_path IS NULL) IS DISTINCT FROM (o.name, o.slug, o.logo_path IS NULL)));
    RETURN NULL;
END;
$$;

CREATE FUNCTION jh_job_index_reference_written() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('jh_job_index', '*');
    RETURN NULL;
END;
$$;

CREATE TRIGGER organizations_index_upd AFTER UPDATE ON organizations
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
    EXECUTE FUNCTION jh_job_index_organizations_written();
CREATE TRIGGER activities_index_upd AFTER UPDATE OF slug, name, sort_order ON activities
    FOR EACH STATEMENT EXECUTE FUNCTION jh_job_index_reference_written();
CREATE TRIGGER employment_types_index_upd AFTER UPDATE OF slug, name, sort_order ON employment_types
    FOR EACH STATEMENT EXECUTE FUNCTION jh_job_index_reference_written();
