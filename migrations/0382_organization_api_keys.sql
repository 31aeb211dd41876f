-- 0382_organization_api_keys.sql: an organization's API keys (issue 44 item 6; docs/reach.md,
-- "Provider-API"). The owner creates a key in the portal (POST /api/organizations/{id}/api_keys,
-- actors/accounts/api_keys.cpp); the key itself (`jhk_` + 43 base64url characters, 256 random bits)
-- is shown once and never stored: a row keeps its first 12 random characters (`lookup`, to find the
-- row and to let the owner recognize the key) and the SHA-256 of the whole key. A key this long
-- needs no slow hash: nobody guesses 256 bits, and a stolen table gives no key.
--
-- Revoking sets `revoked_at`; the row stays, so the portal's list and a later audit still name it.
-- `last_used_at` is written at most once a minute per key (the authentication reads it first).

CREATE TABLE organization_api_keys (
    id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    organization_id bigint NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    name            text NOT NULL CHECK (char_length(btrim(name)) BETWEEN 1 AND 100),
    scopes          text[] NOT NULL CHECK (cardinality(scopes) BETWEEN 1 AND 3
                                           AND scopes <@ ARRAY['jobs:read', 'jobs:write', 'applications:read']),
    lookup          text NOT NULL UNIQUE CHECK (lookup ~ '^[A-Za-z0-9_-]{12}$'),
    secret_hash     text NOT NULL CHECK (secret_hash ~ '^[0-9a-f]{64}$'),
    created_by      bigint REFERENCES accounts (id) ON DELETE SET NULL,
    created_at      timestamptz NOT NULL DEFAULT now(),
    last_used_at    timestamptz,
    revoked_at      timestamptz
);
COMMENT ON TABLE organization_api_keys IS 'An organization''s API keys for the provider API (issue 44 item 6): only the SHA-256 of each key is kept.';
CREATE INDEX organization_api_keys_active_idx ON organization_api_keys (organization_id) WHERE revoked_at IS NULL;
