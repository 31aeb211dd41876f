-- 0190_blocked_organizations.sql
-- A blocked organization stops acting (docs/decisions.md, "A blocked organization acts for
-- nobody"): its members may sign in and see that it is blocked, nothing more, and the block ends
-- their sessions. The sessions are refresh-token families in Redis, which the administrator's CLI
-- does not reach; so the organization's trigger (R__jh_organization_liveness_changed.sql) marks
-- each member here, and the accounts actor ends every session of a marked account at its next
-- request, refresh or login (actors/accounts/accounts_actor.cpp, end_sessions_if_asked).
ALTER TABLE accounts ADD COLUMN end_sessions boolean NOT NULL DEFAULT false;
