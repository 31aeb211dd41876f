-- 0173_view_logs_outlive_organizations.sql
-- A candidate's record of who opened their data (application_views, candidate_profile_views) and
-- of the messages organizations sent (candidate_contacts) is the candidate's, not the
-- organization's: deleting an organization must not erase it. The rows keep their time and
-- source and lose only the link; the export names such an entry "ein Unternehmen, das es nicht
-- mehr gibt" (actors/accounts/data_export.cpp).

ALTER TABLE application_views ALTER COLUMN organization_id DROP NOT NULL,
    DROP CONSTRAINT application_views_organization_id_fkey,
    ADD CONSTRAINT application_views_organization_id_fkey
        FOREIGN KEY (organization_id) REFERENCES organizations (id) ON DELETE SET NULL;

ALTER TABLE candidate_profile_views ALTER COLUMN organization_id DROP NOT NULL,
    DROP CONSTRAINT candidate_profile_views_organization_id_fkey,
    ADD CONSTRAINT candidate_profile_views_organization_id_fkey
        FOREIGN KEY (organization_id) REFERENCES organizations (id) ON DELETE SET NULL;

ALTER TABLE candidate_contacts ALTER COLUMN organization_id DROP NOT NULL,
    DROP CONSTRAINT candidate_contacts_organization_id_fkey,
    ADD CONSTRAINT candidate_contacts_organization_id_fkey
        FOREIGN KEY (organization_id) REFERENCES organizations (id) ON DELETE SET NULL;
