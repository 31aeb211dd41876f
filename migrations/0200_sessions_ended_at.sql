-- 0200_sessions_ended_at.sql
-- When an account's sessions were last ended for all its devices (issue 39, item 4; docs/accounts.md
-- "Ending every session"). Written by the one function that ends them, session_store::revoke_all
-- (a password change or reset, a change of address and its undo, a takeover, a removal), and by the
-- trigger below when an account is blocked. Long-lived credentials outside the Redis sessions — the
-- calendar feed's token (calendar_tokens, docs/shifts.md) — count only when made after it, so
-- ending the sessions ends them too without their owner's table being written by another domain.
ALTER TABLE accounts ADD COLUMN sessions_ended_at timestamptz;

COMMENT ON COLUMN accounts.sessions_ended_at IS
    'When every session of the account was last ended; a calendar token made before it is dead (issue 39).';

-- A block ends every session for good: unblocking does not bring the old calendar address back.
-- (While blocked, authenticate() refuses the account on every request anyway.)
CREATE FUNCTION jh_accounts_blocked_ends_sessions() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    NEW.sessions_ended_at := now();
    RETURN NEW;
END;
$$;

CREATE TRIGGER accounts_blocked_ends_sessions BEFORE UPDATE OF blocked ON accounts
    FOR EACH ROW WHEN (NEW.blocked AND NOT OLD.blocked)
    EXECUTE FUNCTION jh_accounts_blocked_ends_sessions();
