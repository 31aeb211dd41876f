-- 0340_organization_indeed_feed.sql
-- Whether an organization's live jobs go into the Indeed feed, GET /feeds/indeed.xml (issue 44
-- item 1, docs/reach.md "Indeed-Feed"). In the feed by default; the provider switches it off on the
-- organization's profile page in the portal (PATCH /api/organizations/{id} {indeedFeed}), written
-- by the organization editor (actors/organizations/organization_editor.cpp), read by the feed
-- (actors/jobs/indeed_feed.cpp).
ALTER TABLE organizations ADD COLUMN indeed_feed boolean NOT NULL DEFAULT true;
COMMENT ON COLUMN organizations.indeed_feed IS 'The organization''s live jobs are in the Indeed XML feed (/feeds/indeed.xml); false: opted out.';
