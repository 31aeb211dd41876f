-- 0185_shift_reminders.sql
-- The reminder mail the evening before a confirmed shift (issue 30, docs/shifts.md "Reminder").
-- The shifts actor queues it on the mail queue when the provider confirms a shift application
-- (key shift_reminder:<shift application id>, due 18:00 Berlin the day before the shift). The
-- triggers below keep that queued job true to the state in the same transaction as any change,
-- whatever code makes it: a decline, withdrawal, deletion of the choice (the shift deleted, the
-- account deleted) or cancellation of the shift removes the job while it still waits; moving or
-- editing the shift moves the job and rewrites its shift line and note. A job a worker has
-- already claimed (running) is left alone: it is being sent.

-- 18:00 Berlin time on the day before `p_date` (daylight saving by PostgreSQL's tz data).
CREATE FUNCTION jh_shift_reminder_due(p_date date) RETURNS timestamptz
LANGUAGE sql STABLE PARALLEL SAFE
RETURN ((p_date - 1) + time '18:00') AT TIME ZONE 'Europe/Berlin';

-- The reminder's note line: empty without a note.
CREATE FUNCTION jh_shift_note_text(p_note text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN CASE WHEN coalesce(p_note, '') = '' THEN '' ELSE 'Hinweis: ' || p_note END;

CREATE FUNCTION jh_shift_reminder_key(p_shift_application bigint) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN 'shift_reminder:' || p_shift_application;

-- A confirmation that ends (declined, withdrawn, the choice deleted): its waiting reminder goes.
CREATE FUNCTION jh_shift_applications_drop_reminder() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' OR NEW.status <> 'confirmed' THEN
        DELETE FROM queue_jobs WHERE idempotency_key = jh_shift_reminder_key(OLD.id) AND status = 'pending';
    END IF;
    RETURN NULL;
END;
$$;
CREATE TRIGGER shift_applications_drop_reminder AFTER UPDATE OF status OR DELETE ON shift_applications
    FOR EACH ROW WHEN (OLD.status = 'confirmed') EXECUTE FUNCTION jh_shift_applications_drop_reminder();

-- A cancelled shift: no reminders. A moved or edited one: the waiting reminders follow it.
CREATE FUNCTION jh_shifts_follow_reminders() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.cancelled_at IS NOT NULL THEN
        DELETE FROM queue_jobs q USING shift_applications sa
         WHERE sa.shift_id = NEW.id AND q.idempotency_key = jh_shift_reminder_key(sa.id) AND q.status = 'pending';
    ELSE
        UPDATE queue_jobs q
           SET run_at = greatest(jh_shift_reminder_due(NEW.shift_date), now()),
               payload = jsonb_set(jsonb_set(q.payload, '{data,shift}', to_jsonb(jh_shift_label(NEW.id))),
                                   '{data,note_text}', to_jsonb(jh_shift_note_text(NEW.note)))
          FROM shift_applications sa
         WHERE sa.shift_id = NEW.id AND sa.status = 'confirmed'
           AND q.idempotency_key = jh_shift_reminder_key(sa.id) AND q.status = 'pending';
    END IF;
    RETURN NULL;
END;
$$;
CREATE TRIGGER shifts_follow_reminders AFTER UPDATE OF shift_date, start_time, end_time, place_id, note, cancelled_at ON shifts
    FOR EACH ROW EXECUTE FUNCTION jh_shifts_follow_reminders();
