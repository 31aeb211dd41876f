-- 0250_application_retention_period.sql
-- The retention autopilot (issue 42 item 4, docs/fair-play.md "Applications are kept no longer
-- than needed"): every organization keeps an ended application for a period of its own, 180 days
-- unless it chooses fewer, never fewer than 90 (the two months of § 15 Abs. 4 AGG plus the three
-- months of § 61b Abs. 1 ArbGG to sue). Written by PATCH /api/organizations/{id}
-- (`applicationRetentionDays`, actors/organizations/organization_editor.cpp); read by the worker's
-- pass (jh_anonymize_ended_applications, R__jh_application_retention.sql).
ALTER TABLE organizations
    ADD COLUMN application_retention_days integer NOT NULL DEFAULT 180
        CHECK (application_retention_days BETWEEN 90 AND 180);
COMMENT ON COLUMN organizations.application_retention_days IS
  'Days an ended application stays readable for the organization before the worker anonymizes it (90..180).';
