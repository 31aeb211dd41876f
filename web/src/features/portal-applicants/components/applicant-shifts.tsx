// The shifts a candidate chose with one application, on the applicant page where the provider
// decides (issue 41, item 4): each shift's date, time and place, the state of the choice and the
// shift's fill, with "Bestätigen" / "Ablehnen". The job's team list (GET /job_postings/{id}/shifts
// ?all=1) holds every shift's choices; deciding is the same PATCH /shift_applications/{id} as on
// the job's shift page (useShiftChange), so that page, this one and the calendar agree. The
// server's refusals (a full shift, a minor's shift the JArbSchG forbids) are shown as they come.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { shiftTimeLabel, type Shift } from '@/shared/api/shifts';
import form from '@/shared/ui/form.module.css';
import { jobShiftsQueryOptions, useShiftChange } from '@/shared/portal/shifts';
import { providerMessage } from '@/shared/portal/messages';
import { portalPath } from '@/shared/portal/paths';
import { CHOICE_STATUS, WORKING_TIME_HINT } from '@/shared/portal/shift-words';
import styles from '@/shared/portal/portal.module.css';

type Choice = NonNullable<Shift['applications']>[number];

/** This application's choices among the job's shifts, in the list's order (soonest first). */
export function choicesOf(shifts: Shift[], applicationId: number): { shift: Shift; choice: Choice }[] {
  const own = `/api/applications/${applicationId}`;
  return shifts.flatMap((shift) => (shift.applications ?? []).filter((a) => a.application === own).map((choice) => ({ shift, choice })));
}

export function ApplicantShifts({ jobId, applicationId, canAct }: { jobId: number; applicationId: number; canAct: boolean }) {
  const shifts = useQuery(jobShiftsQueryOptions(jobId));
  const change = useShiftChange(jobId);
  const [message, setMessage] = useState<string | null>(null);
  const decide = (choice: Choice, status: 'confirmed' | 'declined') => {
    setMessage(null);
    change.mutate({ kind: 'decide', shiftApplicationId: choice.id, status }, { onError: (e) => setMessage(providerMessage(e)) });
  };
  if (shifts.isPending) return null;
  if (shifts.isError)
    return (
      <section aria-label="Gewählte Einsätze">
        <h3>Gewählte Einsätze</h3>
        <p role="alert">{providerMessage(shifts.error, 'Die Einsätze konnten gerade nicht geladen werden. Bitte laden Sie die Seite neu.')}</p>
      </section>
    );
  const all = shifts.data['hydra:member'];
  // A job without shifts: nothing to choose, nothing to say.
  if (all.length === 0) return null;
  const chosen = choicesOf(all, applicationId);
  return (
    <section aria-label="Gewählte Einsätze" aria-busy={shifts.isFetching || change.isPending}>
      <h3>Gewählte Einsätze</h3>
      {chosen.length === 0 ? (
        <p>Mit dieser Bewerbung wurde kein Einsatz gewählt.</p>
      ) : (
        <ul className={styles.choices}>
          {chosen.map(({ shift, choice }) => (
            <ChoiceEntry key={choice.id} shift={shift} choice={choice} canAct={canAct} busy={change.isPending} decide={decide} />
          ))}
        </ul>
      )}
      {message && <p role="alert">{message}</p>}
      <p>
        <Link to={portalPath.jobShifts(jobId)}>Alle Einsätze dieser Stellenanzeige</Link>
      </p>
    </section>
  );
}

function ChoiceEntry({
  shift,
  choice,
  canAct,
  busy,
  decide,
}: {
  shift: Shift;
  choice: Choice;
  canAct: boolean;
  busy: boolean;
  decide: (choice: Choice, status: 'confirmed' | 'declined') => void;
}) {
  const cancelled = shift.cancelledAt !== null;
  const state = cancelled ? 'Einsatz abgesagt' : CHOICE_STATUS[choice.status];
  const facts = [shift.place?.name, `${shift.confirmed} von ${shift.staffNeeded} bestätigt`].filter(Boolean).join(' · ');
  const open = canAct && !cancelled && choice.status !== 'withdrawn';
  return (
    <li aria-label={shiftTimeLabel(shift)}>
      <strong>{shiftTimeLabel(shift)}</strong> – {state}
      {choice.workingTime && (
        <>
          {' '}
          <strong title={WORKING_TIME_HINT[choice.workingTime]}>· Hinweis: {choice.workingTime}</strong>
        </>
      )}
      <br />
      <span className={styles.meta}>{facts}</span>
      {open && (
        <div className={`${form.row} ${styles.choiceActions}`}>
          {choice.status !== 'confirmed' && (
            <button type="button" className={form.button} disabled={busy} onClick={() => decide(choice, 'confirmed')}>
              Bestätigen
            </button>
          )}
          {choice.status !== 'declined' && (
            <button type="button" className={form.secondary} disabled={busy} onClick={() => decide(choice, 'declined')}>
              Ablehnen
            </button>
          )}
        </div>
      )}
    </li>
  );
}
