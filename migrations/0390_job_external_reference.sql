-- 0390_job_external_reference.sql: the provider's own reference number of a job (issue 44 item 7,
-- the job import; docs/reach.md "Import"). A CSV or Indeed XML import names each job by it
-- ("Referenznummer", <referencenumber>), and a second import of the same reference changes that
-- job instead of creating another. Unique per organization among the jobs that are not closed: a
-- closed job cannot be changed any more (the editor's rule), so the reference is free again and
-- the next import of it creates a new job (docs/decisions.md).
ALTER TABLE job_postings
    ADD COLUMN external_reference text
        CHECK (external_reference IS NULL OR char_length(external_reference) BETWEEN 1 AND 100);
COMMENT ON COLUMN job_postings.external_reference IS
    'The provider''s reference number of the job (job import, issue 44 item 7); unique per organization among jobs not closed.';
CREATE UNIQUE INDEX job_postings_external_reference_idx ON job_postings (organization_id, external_reference)
    WHERE external_reference IS NOT NULL AND active;
