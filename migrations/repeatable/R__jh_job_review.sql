-- R__jh_job_review.sql: the administrators' review of jobs the AGG wording check flagged
-- (issue 42 item 3; docs/fair-play.md "Wording"; migrations/0240_job_review.sql).
-- A repeatable migration: edit this file to change the functions (docs/running.md, "Migrations").
--
-- The job's state for its provider: the one definition, now with 'review' (waiting for an
-- administrator). An ad that ran out is closed first, as before (0090's four-argument version,
-- which this one extends).
CREATE OR REPLACE FUNCTION jh_job_posting_state(p_review_since timestamptz, p_is_published boolean, p_active boolean,
                                                p_published_at timestamptz, p_valid_through timestamptz)
RETURNS text
LANGUAGE sql STABLE PARALLEL SAFE
RETURN CASE
    WHEN NOT p_active OR (p_published_at IS NOT NULL AND p_valid_through IS NOT NULL AND p_valid_through <= now()) THEN 'closed'
    WHEN p_review_since IS NOT NULL THEN 'review'
    ELSE jh_job_posting_state(p_is_published, p_active, p_published_at, p_valid_through)
END;

-- Active ads against the organization's quota: published ones and those waiting for review (a
-- release publishes without asking the quota again, so the place is taken when it is requested).
CREATE OR REPLACE FUNCTION jh_active_ads(p_org bigint) RETURNS bigint
LANGUAGE sql STABLE
RETURN (SELECT count(*) FROM job_postings j
         WHERE j.organization_id = p_org AND (j.is_published OR j.review_since IS NOT NULL) AND j.active
           AND (j.valid_through IS NULL OR j.valid_through > now()));

-- One job of the queue as the administrators see it.
CREATE OR REPLACE FUNCTION jh_job_review_json(p_job bigint) RETURNS jsonb
LANGUAGE sql STABLE
AS $$
    SELECT jsonb_build_object(
        '@id', '/api/job_postings/' || j.id, 'id', j.id, 'title', j.title,
        'organization', jsonb_build_object('id', o.id, 'name', o.name),
        'state', jh_job_posting_state(j.review_since, j.is_published, j.active, j.published_at, j.valid_through),
        'reviewSince', j.review_since, 'findings', coalesce(j.review_findings, '[]'),
        'description', j.description, 'requirement', j.requirement,
        'rejectedAt', j.review_rejected_at, 'rejection', j.review_rejection)
      FROM job_postings j JOIN organizations o ON o.id = j.organization_id
     WHERE j.id = p_job
$$;

-- Releases job p_job: published as its provider asked (the slug follows the title until the first
-- publication, as the editor's publish does; a job whose organization is offline is held by the
-- BEFORE trigger). The findings it had count as released. False when it is not waiting for review.
CREATE OR REPLACE FUNCTION jh_job_review_release(p_job bigint) RETURNS boolean
LANGUAGE plpgsql AS $$
BEGIN
    UPDATE job_postings
       SET is_published = true, review_since = NULL,
           review_released = coalesce(review_released, '[]'::jsonb)
                             || coalesce((SELECT jsonb_agg(f ->> 'key') FROM jsonb_array_elements(review_findings) f), '[]'::jsonb),
           review_rejected_at = NULL, review_rejection = NULL,
           slug = CASE WHEN published_at IS NULL THEN jh_job_posting_slug(title, id) ELSE slug END
     WHERE id = p_job AND review_since IS NOT NULL AND active;
    RETURN FOUND;
END;
$$;

-- Rejects job p_job with the reason p_reason: it goes back to its provider (draft, or paused when
-- it was public before) and every owner of the organization gets the mail `job_review_rejected`
-- ("Sie") with the reason and the findings, queued in the same transaction. False when it is not
-- waiting for review.
CREATE OR REPLACE FUNCTION jh_job_review_reject(p_job bigint, p_reason text) RETURNS boolean
LANGUAGE plpgsql AS $$
DECLARE
    v_title text;
    v_org bigint;
    v_at timestamptz := clock_timestamp();
BEGIN
    UPDATE job_postings SET review_since = NULL, review_rejected_at = v_at, review_rejection = btrim(p_reason)
     WHERE id = p_job AND review_since IS NOT NULL
    RETURNING title, organization_id INTO v_title, v_org;
    IF NOT FOUND THEN
        RETURN false;
    END IF;
    PERFORM jh_mail_owners(v_org, 'job_review_rejected', jsonb_build_object('job_title', v_title, 'reason', btrim(p_reason)),
                           'job_review_rejected:' || p_job || ':' || extract(epoch FROM v_at)::text);
    RETURN true;
END;
$$;
