-- 0270_organization_calendar_tokens.sql
-- The provider's calendar feed (issue 43, item 8; docs/shifts.md "The organization's calendar
-- feed"): a private .ics address of the organization's shifts for the team's calendars. The same
-- token scheme as the candidate's feed (calendar_tokens, 0180): 256 random bits, only the SHA-256
-- stored, the address under /api/calendar/{token}.ics. Written by actors/shifts/ alone.
--
-- One token per organization: renewing replaces it in one statement (ON CONFLICT on the key), so
-- the old address is dead at once and parallel renewals leave exactly one. The member who made it
-- is kept: the feed counts only while that member may act for the organization
-- (jh_active_member_of: not blocked, organization approved, not rejected, not blocked) and when
-- the token was made after the member's sessions were last ended (accounts.sessions_ended_at).
-- A member removed from the team is deleted, and the token with them.
CREATE TABLE organization_calendar_tokens (
    organization_id bigint PRIMARY KEY REFERENCES organizations (id) ON DELETE CASCADE,
    account_id      bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    token_hash      text NOT NULL UNIQUE CHECK (token_hash ~ '^[0-9a-f]{64}$'),
    created_at      timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX organization_calendar_tokens_account ON organization_calendar_tokens (account_id);

COMMENT ON TABLE organization_calendar_tokens IS
    'The organization''s private calendar feed: sha256 of its token and the member who made it (issue 43, item 8).';
