-- 0120_response_times.sql
-- How quickly an organization answers applications, shown to candidates on the organization page
-- and the job detail (docs/providers.md, "Response time"): the median time from an application
-- reaching the provider (forwarded_at) to the provider's first status change, over the
-- applications forwarded in the last 90 days, kept per organization in a small table.
--
-- Why a stored figure: the median needs every application of the organization in the window; the
-- job detail is the most read page of the site, so it must not sort an organization's applications
-- on each request. The figure is recomputed for one organization when one of its applications gets
-- its first answer (a trigger, once per application), and for all organizations once an hour by the
-- workers' maintenance (the 90-day window moves, and unanswered applications grow older).

-- When the provider first changed the status (status_changed_at is the latest change).
ALTER TABLE applications ADD COLUMN first_status_changed_at timestamptz;
UPDATE applications SET first_status_changed_at = status_changed_at WHERE status_changed_at IS NOT NULL;
CREATE INDEX applications_forwarded_idx ON applications (job_posting_id, forwarded_at) WHERE forwarded_at IS NOT NULL;

CREATE TABLE organization_response_times (
    organization_id bigint PRIMARY KEY REFERENCES organizations (id) ON DELETE CASCADE,
    median_seconds  double precision NOT NULL CHECK (median_seconds >= 0),
    sample_size     integer NOT NULL CHECK (sample_size >= 0),
    computed_at     timestamptz NOT NULL DEFAULT now()
);

-- The answer times of one organization's applications in the window. An application still
-- without answer counts once it has waited 7 days, with its waiting time so far: otherwise an
-- organization that leaves most applications unanswered would look fast.
CREATE FUNCTION jh_response_samples(p_organization_id bigint)
RETURNS TABLE (seconds double precision)
LANGUAGE sql STABLE AS $$
    SELECT extract(epoch FROM coalesce(x.first_status_changed_at, now()) - x.forwarded_at)::double precision
      FROM job_postings AS j
      JOIN applications AS x ON x.job_posting_id = j.id
     WHERE j.organization_id = p_organization_id
       AND x.forwarded_at IS NOT NULL AND x.forwarded_at > now() - interval '90 days'
       AND (x.first_status_changed_at IS NOT NULL OR x.forwarded_at <= now() - interval '7 days')
$$;

-- Recomputes one organization's figure (deletes it when there is no sample).
CREATE FUNCTION jh_refresh_response_time(p_organization_id bigint) RETURNS void
LANGUAGE sql AS $$
    WITH s AS (SELECT count(*)::integer AS n,
                      percentile_cont(0.5) WITHIN GROUP (ORDER BY greatest(seconds, 0)) AS median
                 FROM jh_response_samples(p_organization_id)),
         gone AS (DELETE FROM organization_response_times
                   WHERE organization_id = p_organization_id AND (SELECT n FROM s) = 0)
    INSERT INTO organization_response_times (organization_id, median_seconds, sample_size, computed_at)
    SELECT p_organization_id, s.median, s.n, now() FROM s WHERE s.n > 0
        ON CONFLICT (organization_id) DO UPDATE
       SET median_seconds = EXCLUDED.median_seconds, sample_size = EXCLUDED.sample_size, computed_at = now()
$$;

-- Every organization with a figure or with applications in the window; returns how many.
CREATE FUNCTION jh_refresh_response_times() RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
    n integer := 0;
    org bigint;
BEGIN
    FOR org IN SELECT organization_id FROM organization_response_times
               UNION
               SELECT DISTINCT j.organization_id FROM applications AS x JOIN job_postings AS j ON j.id = x.job_posting_id
                WHERE x.forwarded_at > now() - interval '90 days'
    LOOP
        PERFORM jh_refresh_response_time(org);
        n := n + 1;
    END LOOP;
    RETURN n;
END;
$$;

-- The first status change of an application stamps first_status_changed_at, whoever makes it.
CREATE FUNCTION jh_applications_first_status_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.status IS DISTINCT FROM OLD.status AND OLD.first_status_changed_at IS NULL THEN
        NEW.first_status_changed_at := now();
    END IF;
    RETURN NEW;
END;
$$;
CREATE TRIGGER applications_first_status_change BEFORE UPDATE OF status ON applications
    FOR EACH ROW EXECUTE FUNCTION jh_applications_first_status_change();

-- ...and brings the organization's figure up to date at once.
CREATE FUNCTION jh_applications_first_answer_refresh() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    PERFORM jh_refresh_response_time(j.organization_id) FROM job_postings AS j WHERE j.id = NEW.job_posting_id;
    RETURN NULL;
END;
$$;
CREATE TRIGGER applications_first_answer_refresh AFTER UPDATE OF status ON applications
    FOR EACH ROW WHEN (OLD.first_status_changed_at IS NULL AND NEW.first_status_changed_at IS NOT NULL)
    EXECUTE FUNCTION jh_applications_first_answer_refresh();

SELECT jh_refresh_response_times();
