-- 0175_organization_invitations.sql
-- Invitations into an organization's team, kept apart from accounts (issue 26, item 4). Until now
-- POST /organizations/{id}/members created a passwordless member account at once, so an owner
-- could take any address: its real owner could never register as a candidate, and a password reset
-- led them into the stranger's organization. Now the invitation is a row here; the account is made
-- only when the invited person accepts with the mailed token (actors/accounts/organization_team.cpp).
-- The accounts domain owns this table.
CREATE TABLE organization_invitations (
    id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    organization_id bigint NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    email           citext NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
    invited_by      bigint REFERENCES accounts (id) ON DELETE SET NULL,
    -- sha256 of the mailed token (the token itself is never stored); a re-sent invitation gets a
    -- new token, so the older link stops working.
    token_hash      text NOT NULL UNIQUE CHECK (token_hash ~ '^[0-9a-f]{64}$'),
    expires_at      timestamptz NOT NULL,
    sent_count      integer NOT NULL DEFAULT 1 CHECK (sent_count >= 1),
    last_sent_at    timestamptz NOT NULL DEFAULT now(),
    created_at      timestamptz NOT NULL DEFAULT now(),
    -- One open invitation per address and organization; accepting, declining and withdrawing delete it.
    CONSTRAINT organization_invitations_address_key UNIQUE (organization_id, email)
);
CREATE INDEX organization_invitations_email_idx ON organization_invitations (email);

-- The accounts the old invitation made and nobody ever used (no password, address unconfirmed,
-- never signed in, no social sign-in) become invitations again: the unused token of the mail
-- already sent keeps working on the new acceptance page, and the address is free. An account that
-- something else still references is left as it is.
INSERT INTO organization_invitations (organization_id, email, token_hash, expires_at, created_at, last_sent_at)
SELECT a.organization_id, a.email, t.token_hash, t.expires_at, a.created_at, t.created_at
  FROM accounts a
  JOIN LATERAL (SELECT token_hash, expires_at, created_at FROM account_tokens t
                 WHERE t.account_id = a.id AND t.purpose = 'set_password' AND t.used_at IS NULL
                 ORDER BY t.created_at DESC LIMIT 1) t ON true
 WHERE a.role = 'organization_member' AND a.organization_role = 'member' AND a.organization_id IS NOT NULL
   AND a.password_hash IS NULL AND a.email_verified_at IS NULL AND a.last_login_at IS NULL
   AND NOT EXISTS (SELECT 1 FROM social_identities s WHERE s.account_id = a.id)
   AND EXISTS (SELECT 1 FROM organizations o WHERE o.id = a.organization_id)
ON CONFLICT DO NOTHING;

DO $$
DECLARE
    squatter bigint;
BEGIN
    FOR squatter IN
        SELECT a.id FROM accounts a
         WHERE a.role = 'organization_member' AND a.organization_role = 'member'
           AND a.password_hash IS NULL AND a.email_verified_at IS NULL AND a.last_login_at IS NULL
           AND NOT EXISTS (SELECT 1 FROM social_identities s WHERE s.account_id = a.id)
    LOOP
        BEGIN
            DELETE FROM accounts WHERE id = squatter;
        EXCEPTION WHEN foreign_key_violation THEN
            NULL;   -- referenced by something that must not go: kept
        END;
    END LOOP;
END $$;

-- The daily bounds of candidate-search contacts (actors/talents) count a candidate's contacts of
-- the last day; without this index that count reads every contact of the day.
CREATE INDEX candidate_contacts_profile_idx ON candidate_contacts (profile_id, created_at DESC);
