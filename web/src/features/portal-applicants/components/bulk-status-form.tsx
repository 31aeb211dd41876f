// The status for several chosen applicants at once, with one optional message that each of them
// gets by mail: one request, all change or none (docs/providers.md, "Pipeline tools"). The list
// page keeps the choice (useApplicantSelection) and shows this form while something is chosen.
import { useState } from 'react';
import { useMutationForm } from '@/shared/forms/use-mutation-form';
import form from '@/shared/ui/form.module.css';
import { STATUS_NAMES } from '../api/applications';
import type { ApplicantStatus } from '@/shared/portal/filters';
import { BULK_MAX, useBulkStatus } from '../api/pipeline';
import { fieldErrors, providerMessage } from '@/shared/portal/messages';
import styles from './pipeline.module.css';
import { statusChange, StatusFields, type StatusValues } from './status-fields';

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
  const { form: state, ref, onSubmit, busy, error } = useMutationForm<StatusValues>({
    mutation: { isPending: change.isPending, mutateAsync: (values) => change.mutateAsync({ ids, ...statusChange(values) }) },
    defaultValues: { status: 'shortlisted', message: '' },
    onSuccess: () => {
      state.setValue('message', '');
      onDone();
    },
  });
  const errors = change.isError ? fieldErrors(change.error) : {};
  const done = change.isSuccess && !busy ? doneText(change.variables.ids.length, change.variables.status, change.data) : null;

  if (ids.length === 0) return done ? <p role="status">{done}</p> : null;
  return (
    <form ref={ref} onSubmit={onSubmit} className={styles.bulk} aria-label="Status für die Auswahl ändern" noValidate>
      <h3>{ids.length === 1 ? '1 Bewerbung ausgewählt' : `${ids.length} Bewerbungen ausgewählt`}</h3>
      {ids.length > BULK_MAX && <p role="alert">Bitte wählen Sie höchstens {BULK_MAX} Bewerbungen auf einmal.</p>}
      <StatusFields
        idPrefix="bulk"
        status={state.register('status')}
        message={state.register('message')}
        typed={state.watch('message')}
        messageLabel="Nachricht an alle Ausgewählten (optional)"
        mailHint="Jede ausgewählte Person erhält den Status und die Nachricht per E-Mail."
        rows={4}
        errors={{ message: error('message') }}
      />
      {change.isError && !busy && !error('message') && <p role="alert">{bulkError(change.error, errors)}</p>}
      <button type="submit" className={form.button} disabled={busy || ids.length > BULK_MAX}>
        {busy ? 'Wird gespeichert …' : 'Status für alle speichern'}
      </button>
    </form>
  );
}

/** What the change did: the new status and, as the server says per application, who gets a mail (a few a day at most). */
function doneText(count: number, status: ApplicantStatus, answer: { 'hydra:member': { statusMail?: string | null }[] }) {
  const mailed = answer['hydra:member'].filter((a) => a.statusMail === 'queued' || a.statusMail === 'replaced').length;
  return (
    `${count === 1 ? 'Eine Bewerbung hat' : `${count} Bewerbungen haben`} jetzt den Status „${STATUS_NAMES[status]}“. ` +
    (mailed === 0
      ? 'Es geht dazu keine E-Mail hinaus.'
      : `${mailed === count ? (count === 1 ? 'Die Person erhält' : 'Alle erhalten') : `${mailed} von ${count} Personen erhalten`} in wenigen Minuten eine E-Mail.`)
  );
}

/** The server's words: which applications failed (nothing was changed), or another message. */
function bulkError(error: unknown, errors: Record<string, string>) {
  return errors.ids ?? errors.status ?? Object.values(errors)[0] ?? providerMessage(error);
}
