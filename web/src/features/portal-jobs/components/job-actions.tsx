// The actions of one job posting, as its state allows them: publish (also after a pause),
// pause, close (final, asked once more), duplicate (opens the new draft). Each shows its progress
// on its button and a German message when it fails: the quota's 409, what is missing for
// publication (422, with the field names), a closed job; the quota's refusal links the ad packages.
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import form from '@/shared/ui/form.module.css';
import { notify } from '@/shared/ui/notifications';
import type { JobPosting } from '@/shared/portal/job-postings';
import { useJobAction, type JobAction } from '../api/job-changes';
import { JOB_FIELD_LABELS } from '../lib/job-form';
import { fieldErrors, otherViolations, providerMessage } from '@/shared/portal/messages';
import { portalPath } from '@/shared/portal/paths';
import { RefusalLine } from '@/shared/portal/refusal-line';

const PROGRESS: Record<JobAction, string> = {
  publish: 'Wird veröffentlicht …',
  unpublish: 'Wird pausiert …',
  close: 'Wird beendet …',
  duplicate: 'Wird dupliziert …',
};

/** What a publication that waits for the administrators' review says (the AGG wording check found something). */
export const IN_REVIEW = 'Die Stellenanzeige wartet auf Prüfung: Unser Team sieht sich die markierten Formulierungen an und gibt sie frei. Bis dahin ist sie nicht öffentlich.';

const DONE: Record<JobAction, string> = {
  publish: 'Die Stellenanzeige ist veröffentlicht.',
  unpublish: 'Die Stellenanzeige ist pausiert.',
  close: 'Die Stellenanzeige ist beendet.',
  duplicate: 'Die Kopie ist als Entwurf gespeichert.',
};

type Props = { job: JobPosting; organizationId: number; canAct: boolean };

export function JobActions({ job, organizationId, canAct }: Props) {
  const action = useJobAction(organizationId);
  const navigate = useNavigate();
  const [error, setError] = useState<string[]>([]);
  const [confirmClose, setConfirmClose] = useState(false);
  const running = action.isPending ? action.variables?.action : undefined;

  function run(which: JobAction) {
    setError([]);
    setConfirmClose(false);
    action.mutate(
      { id: job.id, action: which },
      {
        onSuccess: (changed) => {
          notify({ message: changed.state === 'review' ? IN_REVIEW : DONE[which], color: 'success', timeout: 5000 });
          if (which === 'duplicate') void navigate(portalPath.job(changed.id));
        },
        onError: (failure) => {
          const fields = fieldErrors(failure);
          const missing = otherViolations(fields, () => false, JOB_FIELD_LABELS);
          setError(missing.length ? ['Zum Veröffentlichen fehlt noch:', ...missing] : [providerMessage(failure)]);
        },
      },
    );
  }

  const button = (which: JobAction, label: string, primary = false) => (
    <button type="button" className={primary ? form.button : form.secondary} disabled={!canAct || action.isPending} onClick={() => (which === 'close' ? setConfirmClose(true) : run(which))}>
      {running === which ? PROGRESS[which] : label}
    </button>
  );

  return (
    <div>
      <div className={form.row}>
        {job.state !== 'closed' && (
          <Link className={form.secondary} to={portalPath.job(job.id)}>
            Bearbeiten
          </Link>
        )}
        {job.state === 'draft' && button('publish', 'Veröffentlichen', true)}
        {job.state === 'paused' && button('publish', 'Wieder veröffentlichen', true)}
        {job.state === 'published' && button('unpublish', 'Pausieren')}
        {job.state === 'review' && button('unpublish', 'Prüfung zurückziehen')}
        {job.state === 'published' && job.publicUrl && (
          <a className={form.secondary} href={job.publicUrl} target="_blank" rel="noopener noreferrer">
            Ansehen
          </a>
        )}
        {button('duplicate', 'Duplizieren')}
        {job.state !== 'closed' && button('close', 'Beenden')}
      </div>
      {confirmClose && (
        <div role="alertdialog" aria-label="Stellenanzeige beenden">
          <p>Möchten Sie „{job.title}“ wirklich beenden? Eine beendete Anzeige lässt sich nicht wieder veröffentlichen, aber duplizieren. Alle noch offenen Bewerbungen erhalten dann eine freundliche Absage per E-Mail.</p>
          <div className={form.row}>
            <button type="button" className={form.button} onClick={() => run('close')}>
              Ja, beenden
            </button>
            <button type="button" className={form.secondary} onClick={() => setConfirmClose(false)}>
              Abbrechen
            </button>
          </div>
        </div>
      )}
      {error.length > 0 && (
        <div className={form.error} role="alert">
          {error.length === 1 ? (
            <RefusalLine line={error[0] ?? ''} />
          ) : (
            <>
              <p>{error[0]}</p>
              <ul>
                {error.slice(1).map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
              <Link to={portalPath.job(job.id)}>Jetzt ergänzen</Link>
            </>
          )}
        </div>
      )}
    </div>
  );
}
