-- 0172_organization_holds_jobs.sql
-- A published job always belongs to a live organization (docs/decisions.md, "An organization that
-- goes offline"). Before, `jobhafen admin organizations reject ID` hid the organization's page
-- but its published jobs still answered 200, stayed in search and took applications.
--
-- Every reader (the job page, search and the job index, alerts, the sitemap, applying) already asks
-- `is_published`; so instead of teaching each of them about organizations, the organization's
-- state reaches the jobs: when an organization stops being live its published jobs are unpublished
-- and marked held_at; when it is live again exactly those are published again. A job published
-- while its organization is not live is held the same way (the BEFORE trigger of job_postings,
-- migrations/repeatable/R__jh_job_postings_before_write.sql).
-- Owned by the organizations' review (workers/admin.cpp, actors/organizations/organization_review.cpp)
-- through these triggers.

-- When the job was taken offline because its organization was not live; NULL otherwise.
ALTER TABLE job_postings ADD COLUMN held_at timestamptz;
CREATE INDEX job_postings_held_idx ON job_postings (organization_id) WHERE held_at IS NOT NULL;

-- Live: approved, not rejected, not switched off by an administrator (`active`).
CREATE FUNCTION jh_organization_live(p_org bigint) RETURNS boolean
LANGUAGE sql STABLE PARALLEL SAFE
RETURN coalesce((SELECT o.active AND o.approved_at IS NOT NULL AND o.rejected_at IS NULL
                   FROM organizations o WHERE o.id = p_org), false);

CREATE FUNCTION jh_organization_liveness_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
    was_live boolean := OLD.active AND OLD.approved_at IS NOT NULL AND OLD.rejected_at IS NULL;
    is_live  boolean := NEW.active AND NEW.approved_at IS NOT NULL AND NEW.rejected_at IS NULL;
BEGIN
    IF was_live AND NOT is_live THEN
        UPDATE job_postings SET is_published = false, held_at = now()
         WHERE organization_id = NEW.id AND is_published;
    ELSIF is_live AND NOT was_live THEN
        UPDATE job_postings SET is_published = true, held_at = NULL
         WHERE organization_id = NEW.id AND held_at IS NOT NULL;
    END IF;
    RETURN NULL;
END;
$$;

CREATE TRIGGER organizations_liveness AFTER UPDATE OF active, approved_at, rejected_at ON organizations
    FOR EACH ROW EXECUTE FUNCTION jh_organization_liveness_changed();

-- Organizations that are offline today with jobs still published: held now.
UPDATE job_postings j SET is_published = false, held_at = now()
 WHERE j.is_published AND NOT jh_organization_live(j.organization_id);
