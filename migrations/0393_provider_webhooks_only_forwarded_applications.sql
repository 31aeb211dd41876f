-- 0393: provider webhooks name only applications the organization may see (review 26b). An
-- application made with a new account (register-and-apply) reaches the provider only once the
-- candidate confirms the address (forwarded_at, migration 0035); until then the organization's own
-- GET /api/applications/{id} does not show it, so its system must not hear of it either: no
-- application.created at the insert, no application.status_changed while it is held (a job closing
-- declines it, say). Its application.created is sent when it is forwarded (the UPDATE that sets
-- forwarded_at), with its status then; it was lost before.
CREATE OR REPLACE FUNCTION jh_provider_webhooks_applications_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
    e record;
BEGIN
    IF NOT EXISTS (SELECT 1 FROM organization_webhooks WHERE removed_at IS NULL) THEN
        RETURN NULL;
    END IF;
    IF TG_OP = 'INSERT' THEN
        FOR e IN SELECT j.organization_id AS org, n.id, n.job_posting_id, n.status::text AS status
                   FROM new_rows n JOIN job_postings j ON j.id = n.job_posting_id
                  WHERE n.forwarded_at IS NOT NULL
                    AND EXISTS (SELECT 1 FROM organization_webhooks w WHERE w.organization_id = j.organization_id AND w.removed_at IS NULL)
                  ORDER BY n.id LOOP
            PERFORM jh_provider_webhooks_enqueue(e.org, 'application.created',
                jsonb_build_object('applicationId', e.id, 'jobPostingId', e.job_posting_id, 'status', e.status));
        END LOOP;
    ELSE
        FOR e IN SELECT j.organization_id AS org, n.id, n.job_posting_id, n.status::text AS status, o.status::text AS previous,
                        o.forwarded_at IS NULL AS released
                   FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN job_postings j ON j.id = n.job_posting_id
                  WHERE n.forwarded_at IS NOT NULL
                    AND (o.forwarded_at IS NULL OR n.status IS DISTINCT FROM o.status)
                    AND EXISTS (SELECT 1 FROM organization_webhooks w WHERE w.organization_id = j.organization_id AND w.removed_at IS NULL)
                  ORDER BY n.id LOOP
            IF e.released THEN
                PERFORM jh_provider_webhooks_enqueue(e.org, 'application.created',
                    jsonb_build_object('applicationId', e.id, 'jobPostingId', e.job_posting_id, 'status', e.status));
            ELSE
                PERFORM jh_provider_webhooks_enqueue(e.org, 'application.status_changed',
                    jsonb_build_object('applicationId', e.id, 'jobPostingId', e.job_posting_id, 'status', e.status,
                                       'previousStatus', e.previous));
            END IF;
        END LOOP;
    END IF;
    RETURN NULL;
END;
$$;
