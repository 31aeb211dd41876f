-- 0090_provider_jobs.sql
-- What providers need to run their own job postings (docs/providers.md): owner and member within
-- an organization, the quota of published ads an administrator sets, the moment a job was closed,
-- and the one definition of a job's state (draft, published, paused, closed) that the provider's
-- list filters by. Owned by actors/organizations/organization_editor.* and
-- actors/jobs/job_postings_editor.*; the quota and paid flags by `jobhafen admin organizations`.

-- Owner or member of its organization; NULL for candidates and administrators. The first member
-- of an organization becomes its owner, whoever inserts it (registration, an operator's SQL).
ALTER TABLE accounts ADD COLUMN organization_role text CHECK (organization_role IN ('owner', 'member'));

CREATE OR REPLACE FUNCTION jh_accounts_organization_role() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.role <> 'organization_member' OR NEW.organization_id IS NULL THEN
        NEW.organization_role := NULL;
    ELSIF NEW.organization_role IS NULL
          OR (TG_OP = 'UPDATE' AND OLD.organization_id IS DISTINCT FROM NEW.organization_id) THEN
        NEW.organization_role := CASE
            WHEN EXISTS (SELECT 1 FROM accounts a
                          WHERE a.organization_id = NEW.organization_id AND a.role = 'organization_member'
                            AND a.id <> NEW.id)
            THEN 'member' ELSE 'owner' END;
    END IF;
    RETURN NEW;
END;
$$;

CREATE TRIGGER accounts_organization_role BEFORE INSERT OR UPDATE OF role, organization_id ON accounts
    FOR EACH ROW EXECUTE FUNCTION jh_accounts_organization_role();

-- Members that exist already: the earliest of each organization owns it.
UPDATE accounts AS a
   SET organization_role = CASE WHEN a.id = (SELECT min(b.id) FROM accounts b
                                              WHERE b.organization_id = a.organization_id AND b.role = 'organization_member')
                                THEN 'owner' ELSE 'member' END
 WHERE a.role = 'organization_member' AND a.organization_id IS NOT NULL;

CREATE INDEX accounts_organization_idx ON accounts (organization_id) WHERE organization_id IS NOT NULL;

-- How many jobs an organization may have published at once (published, open, not expired). A new
-- organization gets the one free ad; organizations that existed keep what they have live.
ALTER TABLE organizations ADD COLUMN active_ad_quota integer NOT NULL DEFAULT 1
    CHECK (active_ad_quota BETWEEN 0 AND 100000);
UPDATE organizations AS o
   SET active_ad_quota = greatest(1, (SELECT count(*) FROM job_postings j
                                       WHERE j.organization_id = o.id AND j.is_published AND j.active));

-- Closed by its provider (final; the job then answers 410). active = false goes with it.
ALTER TABLE job_postings ADD COLUMN closed_at timestamptz;

-- The provider's view of a job's state; the only place it is defined.
CREATE OR REPLACE FUNCTION jh_job_posting_state(p_is_published boolean, p_active boolean,
                                                p_published_at timestamptz, p_valid_through timestamptz)
RETURNS text
LANGUAGE sql STABLE PARALLEL SAFE
RETURN CASE
    WHEN NOT p_active OR (p_valid_through IS NOT NULL AND p_valid_through <= now()) THEN 'closed'
    WHEN p_is_published THEN 'published'
    WHEN p_published_at IS NOT NULL THEN 'paused'
    ELSE 'draft'
END;

COMMENT ON FUNCTION jh_job_posting_state(boolean, boolean, timestamptz, timestamptz) IS
  'draft | published | paused | closed (closed also when validThrough has passed); docs/providers.md.';

-- The provider's job list, newest change first.
CREATE INDEX job_postings_organization_updated_idx ON job_postings (organization_id, updated_at DESC, id DESC);
