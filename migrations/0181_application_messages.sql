-- 0181_application_messages.sql
-- The conversation of an application (issue 29, docs/candidate-actions.md, "The conversation of an
-- application"): the provider's status messages and plain messages, and the candidate's replies.
-- Owned by actors/applications/: it alone writes this table (a status change with a message adds
-- its entry in the same transaction).

CREATE TYPE application_message_side AS ENUM ('provider', 'candidate');

-- One entry of a thread. `author_id` is the account that wrote it (a member of the organization or
-- the candidate); it becomes NULL when that account goes, the entry stays with its side. `status`:
-- the status the provider set with this message (PATCH /applications/{id}/status); NULL for a plain
-- message. Messages are bounded like status messages (2000 characters).
CREATE TABLE application_messages (
    id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    application_id bigint NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
    side           application_message_side NOT NULL,
    author_id      bigint REFERENCES accounts (id) ON DELETE SET NULL,
    body           text NOT NULL CHECK (length(body) BETWEEN 1 AND 2000),
    status         application_status CHECK (status IS NULL OR side = 'provider'),
    created_at     timestamptz NOT NULL DEFAULT now()
);
COMMENT ON TABLE application_messages IS 'The conversation of an application (issue 29). Written by actors/applications/ only.';

-- A thread in order, and the daily cap per application and side (count of the last 24 hours).
CREATE INDEX application_messages_thread_idx ON application_messages (application_id, created_at, id);
-- The daily cap per writer across all applications.
CREATE INDEX application_messages_author_idx ON application_messages (author_id, created_at) WHERE author_id IS NOT NULL;

-- The status messages written before this migration become the first entry of their threads.
INSERT INTO application_messages (application_id, side, body, status, created_at)
SELECT id, 'provider', left(status_message, 2000), status, coalesce(status_changed_at, updated_at)
  FROM applications
 WHERE nullif(btrim(status_message), '') IS NOT NULL;

-- Deleting an account anonymises its applications (candidate_account_id becomes -id or NULL,
-- actors/accounts/accounts_changes.cpp): the candidate's own messages go in the same transaction,
-- exactly those. What the organization wrote stays with the anonymised application, as the
-- application itself and the mails it sent stay (docs/decisions.md, "Deletion and applications
-- kept for providers").
CREATE FUNCTION jh_applications_drop_messages_of_deleted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.candidate_account_id IS NULL OR NEW.candidate_account_id < 0 THEN
        DELETE FROM application_messages WHERE application_id = NEW.id AND side = 'candidate';
    END IF;
    RETURN NEW;
END;
$$;
CREATE TRIGGER applications_drop_messages_of_deleted AFTER UPDATE OF candidate_account_id ON applications
    FOR EACH ROW WHEN (OLD.candidate_account_id IS DISTINCT FROM NEW.candidate_account_id)
    EXECUTE FUNCTION jh_applications_drop_messages_of_deleted();
