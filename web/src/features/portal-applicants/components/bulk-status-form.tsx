// The status for several chosen applicants at once, with one optional message that each of them
// gets by mail: one request, all change or none (docs/providers.md, "Pipeline tools"). The list
// page keeps the choice (useApplicantSelection) and shows this form while something is chosen.
import { useState, type FormEvent } from 'react';
import form from '@/shared/ui/form.module.css';
import { STATUS_NAMES } from '../api/applications';
import type { ApplicantStatus } from '@/shared/portal/filters';
import { BULK_MAX, useBulkStatus } from '../api/pipeline';
import { fieldErrors, providerMessage } from '@/shared/portal/messages';
import styles from './pipeline.module.css';
import { StatusFields } from './status-fields';

/** Which applicants of the shown page are chosen. */
export function useApplicantSelection() {
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setChosen((old) => {
      const next = new Set(old);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  /** All of `ids` when not all are chosen yet, else none. */
  const toggleAll = (ids: number[]) => setChosen((old) => (ids.every((id) => old.has(id)) ? new Set() : new Set(ids)));
  return { chosen, toggle, toggleAll, clear: () => setChosen(new Set()) };
}

type Props = { organizationId: number; ids: number[]; onDone: () => void };

export function BulkStatusForm({ organizationId, ids, onDone }: Props) {
  const change = useBulkStatus(organizationId);
  const [status, setStatus] = useState<ApplicantStatus>('shortlisted');
  const [message, setMessage] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const errors = change.isError ? fieldErrors(change.error) : {};

  function submit(event: FormEvent) {
    event.preventDefault();
    setDone(null);
    const count = ids.length;
    change.mutate(
      { ids, status, ...(message.trim() ? { message: message.trim() } : {}) },
      {
        onSuccess: (answer) => {
          setMessage('');
          // The server says per application whether a mail goes out (a few a day at most).
          const mailed = answer['hydra:member'].filter((a) => a.statusMail === 'queued' || a.statusMail === 'replaced').length;
          setDone(
            `${count === 1 ? 'Eine Bewerbung hat' : `${count} Bewerbungen haben`} jetzt den Status „${STATUS_NAMES[status]}“. ` +
              (mailed === 0
                ? 'Es geht dazu keine E-Mail hinaus.'
                : `${mailed === count ? (count === 1 ? 'Die Person erhält' : 'Alle erhalten') : `${mailed} von ${count} Personen erhalten`} in wenigen Minuten eine E-Mail.`),
          );
          onDone();
        },
      },
    );
  }

  if (ids.length === 0) return done ? <p role="status">{done}</p> : null;
  return (
    <form onSubmit={submit} className={styles.bulk} aria-label="Status für die Auswahl ändern" noValidate>
      <h3>{ids.length === 1 ? '1 Bewerbung ausgewählt' : `${ids.length} Bewerbungen ausgewählt`}</h3>
      {ids.length > BULK_MAX && <p role="alert">Bitte wählen Sie höchstens {BULK_MAX} Bewerbungen auf einmal.</p>}
      <StatusFields
        idPrefix="bulk"
        status={status}
        onStatus={setStatus}
        message={message}
        onMessage={setMessage}
        messageLabel="Nachricht an alle Ausgewählten (optional)"
        mailHint="Jede ausgewählte Person erhält den Status und die Nachricht per E-Mail."
        rows={4}
        errors={{ message: errors.message }}
      />
      {change.isError && !errors.message && <p role="alert">{bulkError(change.error, errors)}</p>}
      <button type="submit" className={form.button} disabled={change.isPending || ids.length > BULK_MAX}>
        {change.isPending ? 'Wird gespeichert …' : 'Status für alle speichern'}
      </button>
    </form>
  );
}

/** The server's words: which applications failed (nothing was changed), or another message. */
function bulkError(error: unknown, errors: Record<string, string>) {
  return errors.ids ?? errors.status ?? Object.values(errors)[0] ?? providerMessage(error);
}
