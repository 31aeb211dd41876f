-- R__jh_organization_liveness_changed.sql: the current definition of
-- jh_organization_liveness_changed (first in 0172_organization_holds_jobs.sql), the trigger
-- function of `organizations_liveness` (AFTER UPDATE OF active, approved_at, rejected_at).
-- A repeatable migration: edit this file to change the function; it is re-applied when its
-- checksum changes (docs/running.md, "Migrations").
--
-- An organization that stops being live (rejected, blocked, its last member gone): its published
-- jobs are held (unpublished, held_at); when an administrator switched it off (`active`: block,
-- reject) its members' sessions end (accounts.end_sessions, migration 0190). One that is live again: its held jobs come back only up to its ad quota —
-- those that were public before first (oldest publication first), then the rest by id; the others
-- stay held, and `jobhafen admin organizations approve|unblock` and the review's answer name them.
-- Held jobs that count against no quota (closed or expired) come back as they were.
-- The organization's row is locked by the UPDATE that fires this, and publications lock it first
-- (organization_editor::lock_ad_quota), so the count below is not raced.
CREATE OR REPLACE FUNCTION jh_organization_liveness_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
    was_live boolean := OLD.active AND OLD.approved_at IS NOT NULL AND OLD.rejected_at IS NULL;
    is_live  boolean := NEW.active AND NEW.approved_at IS NOT NULL AND NEW.rejected_at IS NULL;
    free_places bigint;
BEGIN
    IF was_live AND NOT is_live THEN
        UPDATE job_postings SET is_published = false, held_at = now()
         WHERE organization_id = NEW.id AND is_published;
        -- Switched off by an administrator (block, reject): its members' sessions end.
        IF OLD.active AND NOT NEW.active THEN
            UPDATE accounts SET end_sessions = true
             WHERE organization_id = NEW.id AND role = 'organization_member' AND NOT end_sessions;
        END IF;
    ELSIF is_live AND NOT was_live THEN
        UPDATE job_postings SET is_published = true, held_at = NULL
         WHERE organization_id = NEW.id AND held_at IS NOT NULL
           AND (NOT active OR valid_through <= now());
        free_places := greatest(NEW.active_ad_quota - jh_active_ads(NEW.id), 0);
        UPDATE job_postings SET is_published = true, held_at = NULL
         WHERE id IN (SELECT h.id FROM job_postings h
                       WHERE h.organization_id = NEW.id AND h.held_at IS NOT NULL
                       ORDER BY h.published_at NULLS LAST, h.id
                       LIMIT free_places);
    END IF;
    RETURN NULL;
END;
$$;
