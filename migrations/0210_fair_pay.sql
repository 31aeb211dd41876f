-- 0210_fair_pay.sql
-- Fair pay and answered applications (issue 42 items 1, 2 and 5; docs/fair-play.md).
--
-- * A job's pay may be a range: base_salary is the pay or the range's lower end (schema.org
--   minValue), base_salary_max its upper end (maxValue). Written by the job editor
--   (actors/jobs/pay_rules.h checks both before publication).
-- * wage_exemption: a minimum-wage exemption the provider chose explicitly and the job page shows
--   (freelance fee / Honorar: no employment; § 22 Abs. 2 MiLoG minors without vocational
--   training; § 22 Abs. 1 Nr. 1 MiLoG mandatory internships). NULL: the minimum wage applies.
-- * A shift's break in minutes ("breaks as stated"): its paid length is its real length minus the
--   break, the length a pay per shift or day is divided by for the minimum-wage check.
-- * An organization's own text for the rejection every open application gets when its job closes
--   or expires (jh_answer_open_applications, migrations/repeatable/R__jh_answer_open_applications.sql).
ALTER TABLE job_postings
    ADD COLUMN base_salary_max numeric(10, 2) CHECK (base_salary_max >= 0),   -- above 0: pay_rules.h, at its field
    ADD COLUMN wage_exemption text CHECK (wage_exemption IN ('freelance', 'minor', 'mandatory_internship'));
COMMENT ON COLUMN job_postings.base_salary_max IS 'Upper end of a pay range (schema.org maxValue); base_salary is its lower end.';
COMMENT ON COLUMN job_postings.wage_exemption IS 'Minimum-wage exemption chosen by the provider (docs/fair-play.md); NULL = MiLoG applies.';

ALTER TABLE shifts
    ADD COLUMN break_minutes integer NOT NULL DEFAULT 0 CHECK (break_minutes BETWEEN 0 AND 720);

ALTER TABLE organizations
    ADD COLUMN rejection_message text CHECK (length(rejection_message) <= 2000);
COMMENT ON COLUMN organizations.rejection_message IS
  'The organization''s own text for the rejection mailed when a job closes or expires; NULL = the default text.';

-- The open applications of a job (the answer when it closes), and the expiry sweep's scan.
CREATE INDEX applications_open_idx ON applications (job_posting_id)
    WHERE status IN ('sent', 'seen', 'shortlisted', 'invited');

-- A job that closes (active becomes false, whatever code does it) answers its open applications
-- in the same transaction; a job whose end date passes is answered by the mail worker's sweep
-- (jh_answer_expired_jobs). Both through jh_answer_open_applications, so the rule is one.
CREATE FUNCTION jh_job_postings_answer_on_close() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    PERFORM jh_answer_open_applications(NEW.id);
    RETURN NULL;
END;
$$;
CREATE TRIGGER job_postings_answer_on_close AFTER UPDATE OF active ON job_postings
    FOR EACH ROW WHEN (OLD.active AND NOT NEW.active) EXECUTE FUNCTION jh_job_postings_answer_on_close();
