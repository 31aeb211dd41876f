-- 0045_account_takeover.sql
-- The undo link mailed to the old address when the address changes (docs/accounts.md): a token of
-- purpose 'undo_email_change' that carries the old address in new_email. Owned by actors/accounts/.
ALTER TABLE account_tokens DROP CONSTRAINT account_tokens_purpose_check,
                           DROP CONSTRAINT account_tokens_check;
ALTER TABLE account_tokens
    ADD CONSTRAINT account_tokens_purpose_check
        CHECK (purpose IN ('verify_email', 'reset_password', 'set_password', 'change_email', 'undo_email_change')),
    ADD CONSTRAINT account_tokens_check
        CHECK ((purpose IN ('change_email', 'undo_email_change')) = (new_email IS NOT NULL));
