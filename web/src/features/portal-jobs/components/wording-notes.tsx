// The AGG wording check in the job editor (issue 42 item 3; docs/fair-play.md "Wording"): the
// findings of the text as it is typed (or as saved) as warnings, each with the field, the words found, why and a better
// wording; that the job waits for the administrators' review; and the reason of a rejection.
// Findings never block saving: publishing anyway sends the job to review.
import type { JobPosting, WordingFinding } from '@/shared/portal/job-postings';
import { JOB_FIELD_LABELS } from '../lib/job-form';
import styles from '@/shared/portal/portal.module.css';

export function WordingNotes({ job, findings }: { job?: JobPosting; findings: WordingFinding[] }) {
  const waiting = job?.state === 'review';
  const rejection = !waiting ? job?.review?.rejection : null;
  if (!findings.length && !waiting && !rejection) return null;
  return (
    <section className={styles.wording} aria-label="Hinweise zur Formulierung" aria-live="polite">
      {waiting && (
        <p role="status">
          <strong>Ihre Anzeige wartet auf Prüfung.</strong> Unser Team sieht sich die markierten Formulierungen an. Bis zur Freigabe ist
          sie nicht öffentlich und nimmt keine Bewerbungen an. Passen Sie die Stellen an, wird sie ohne Prüfung veröffentlicht.
        </p>
      )}
      {rejection && (
        <p role="status">
          <strong>Nicht freigegeben.</strong> Begründung unseres Teams: {rejection}
        </p>
      )}
      {findings.length > 0 && (
        <>
          <h2>Hinweise zur Formulierung (AGG)</h2>
          <p>
            Diese Formulierungen können Bewerberinnen und Bewerber benachteiligen (Allgemeines Gleichbehandlungsgesetz). Sie können die Anzeige
            trotzdem veröffentlichen; dann prüft unser Team sie vor der Freischaltung.
          </p>
          <ul>
            {findings.map((f) => (
              <li key={`${f.rule}|${f.field}|${f.words}`}>
                <strong>
                  {JOB_FIELD_LABELS[f.field] ?? f.field}: „{f.words}“
                </strong>{' '}
                ({f.category}). {f.why} <em>Vorschlag:</em> {f.suggestion}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
