// /recruiting/portal/stellenanzeigen/{id}/einsaetze: the shifts of one job for its organization
// ("Sie"): every shift with its fill (confirmed / needed), a form to add one and one to add a series
// (dates × time slots, issue 43), and per shift the
// candidates who chose it with "Bestätigen" and "Ablehnen"; a shift without confirmed people can
// be deleted, one with confirmed people cancelled (they get a mail). The server's messages (a full
// shift, a cancelled one, a minor's shift the JArbSchG forbids) are shown as they come. A choice
// carries the neutral working-time flag ("Ruhezeit", "Arbeitszeit", "Jugendarbeitsschutz";
// docs/fair-play.md) and nothing about the person's other employers.
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { shiftTimeLabel, type Shift } from '@/shared/api/shifts';
import form from '@/shared/ui/form.module.css';
import { PageLoading } from '@/shared/ui/page-loading';
import { TextField } from '@/shared/ui/text-field';
import type { OrganizationMember } from '../api/member';
import { jobShiftsQueryOptions, useShiftChange, type NewShift } from '../api/shifts';
import { FormMessages, TextArea } from '../components/fields';
import { PortalFrame } from '../components/portal-frame';
import { ShiftCheckInCode } from '../components/shift-check-in-code';
import { berlinToday } from '../lib/shift-calendar';
import styles from '../components/portal.module.css';
import { fieldErrors, providerMessage } from '../lib/messages';
import { portalPath } from '../lib/paths';

// The series form loads after the page: most visits decide on choices and never open it.
const ShiftSeriesForm = lazy(() => import('../components/shift-series-form').then((m) => ({ default: m.ShiftSeriesForm })));

// What the working-time flag means, in a tooltip: the rule's kind, never the other employer.
const WORKING_TIME_HINT: Record<string, string> = {
  Ruhezeit: 'Zusammen mit ihren übrigen bestätigten Einsätzen hätte diese Person keine 11 Stunden Ruhezeit (§ 5 ArbZG).',
  Arbeitszeit: 'Zusammen mit ihren übrigen bestätigten Einsätzen überschritte diese Person die Höchstarbeitszeit (§ 3 ArbZG).',
  Jugendarbeitsschutz: 'Die Person ist unter 18; dieser Einsatz verstieße gegen das Jugendarbeitsschutzgesetz und kann nicht bestätigt werden.',
};

const STATUS: Record<string, string> = { pending: 'offen', confirmed: 'bestätigt', declined: 'abgelehnt', withdrawn: 'zurückgezogen' };

export function JobShiftsPage() {
  return <PortalFrame title="Einsätze">{(member) => <JobShifts member={member} />}</PortalFrame>;
}

function JobShifts({ member }: { member: OrganizationMember }) {
  const jobId = Number.parseInt(useParams().id ?? '', 10);
  const shifts = useQuery({ ...jobShiftsQueryOptions(jobId), enabled: Number.isFinite(jobId) });
  const change = useShiftChange(jobId);
  const [message, setMessage] = useState<string | null>(null);
  const run = (c: Parameters<typeof change.mutate>[0]) => {
    setMessage(null);
    change.mutate(c, { onError: (e) => setMessage(providerMessage(e)) });
  };
  return (
    <>
      <p>
        <Link to={portalPath.job(jobId)}>Zurück zur Stellenanzeige</Link>
      </p>
      {member.canAct && <NewShiftForm jobId={jobId} />}
      {member.canAct && (
        <Suspense fallback={null}>
          <ShiftSeriesForm jobId={jobId} />
        </Suspense>
      )}
      {message && <p role="alert">{message}</p>}
      {shifts.isPending && <PageLoading />}
      {shifts.isError && <p role="alert">{providerMessage(shifts.error, 'Die Einsätze konnten gerade nicht geladen werden. Bitte laden Sie die Seite neu.')}</p>}
      {shifts.data && shifts.data['hydra:member'].length === 0 && <p>Diese Stellenanzeige hat noch keine Einsätze.</p>}
      {shifts.data && shifts.data['hydra:member'].length > 0 && (
        <ul className={styles.jobs} aria-busy={shifts.isFetching || change.isPending}>
          {shifts.data['hydra:member'].map((shift) => (
            <ShiftEntry key={shift.id} shift={shift} canAct={member.canAct} run={run} />
          ))}
        </ul>
      )}
    </>
  );
}

function ShiftEntry({ shift, canAct, run }: { shift: Shift; canAct: boolean; run: (c: Parameters<ReturnType<typeof useShiftChange>['mutate']>[0]) => void }) {
  const cancelled = shift.cancelledAt !== null;
  // The QR code for checking in and out is offered on the shift's day (docs/shifts.md).
  const today = !cancelled && shift.date === berlinToday();
  const [showCode, setShowCode] = useState(false);
  return (
    <li className={styles.job}>
      <h2>
        {shiftTimeLabel(shift)}
        {cancelled ? ' – abgesagt' : ''}
      </h2>
      <p className={styles.meta}>
        {[shift.place?.name, `${shift.confirmed} von ${shift.staffNeeded} bestätigt`, shift.note].filter(Boolean).join(' · ')}
      </p>
      {(shift.applications ?? []).length > 0 && (
        <ul aria-label="Bewerbungen für diesen Einsatz">
          {(shift.applications ?? []).map((a) => (
            <li key={a.id}>
              {`${a.candidate.firstName} ${a.candidate.lastName}`.trim() || 'Gelöschtes Konto'} – {STATUS[a.status] ?? a.status}
              {a.workingTime && (
                <>
                  {' '}
                  <strong title={WORKING_TIME_HINT[a.workingTime]}>· Hinweis: {a.workingTime}</strong>
                </>
              )}
              {canAct && !cancelled && a.status !== 'withdrawn' && (
                <>
                  {' '}
                  {a.status !== 'confirmed' && (
                    <button type="button" className={form.button} onClick={() => run({ kind: 'decide', shiftApplicationId: a.id, status: 'confirmed' })}>
                      Bestätigen
                    </button>
                  )}{' '}
                  {a.status !== 'declined' && (
                    <button type="button" className={form.secondary} onClick={() => run({ kind: 'decide', shiftApplicationId: a.id, status: 'declined' })}>
                      Ablehnen
                    </button>
                  )}
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {today && (
        <div className={form.row}>
          <button type="button" className={form.secondary} aria-expanded={showCode} onClick={() => setShowCode(!showCode)}>
            {showCode ? 'QR-Code ausblenden' : 'QR-Code zum Einchecken'}
          </button>
        </div>
      )}
      {today && showCode && <ShiftCheckInCode shiftId={shift.id} />}
      {canAct && !cancelled && (
        <div className={form.row}>
          {shift.confirmed === 0 ? (
            <button type="button" className={form.secondary} onClick={() => run({ kind: 'delete', id: shift.id })}>
              Einsatz löschen
            </button>
          ) : (
            <button type="button" className={form.secondary} onClick={() => run({ kind: 'cancel', id: shift.id })}>
              Einsatz absagen (bestätigte Personen werden benachrichtigt)
            </button>
          )}
        </div>
      )}
    </li>
  );
}

const EMPTY: NewShift = { date: '', start: '', end: '', staffNeeded: 1, breakMinutes: 0, note: '' };
/** The fields the form shows a message at; the server's others (the minimum wage at `baseSalary`) go below it. */
const SHIFT_FIELDS = ['date', 'start', 'end', 'staffNeeded', 'breakMinutes', 'note'];

function NewShiftForm({ jobId }: { jobId: number }) {
  const [shift, setShift] = useState<NewShift>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string[]>([]);
  const change = useShiftChange(jobId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure([]);
    change.mutate(
      { kind: 'create', shift },
      {
        onSuccess: () => {
          setShift(EMPTY);
          setErrors({});
        },
        onError: (e) => {
          const fields = fieldErrors(e);
          setErrors(fields);
          const elsewhere = Object.entries(fields).filter(([path]) => !SHIFT_FIELDS.includes(path)).map(([, message]) => message);
          if (Object.keys(fields).length === 0) setFailure([providerMessage(e)]);
          else if (elsewhere.length > 0) setFailure(elsewhere);
        },
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Einsatz hinzufügen">
      <h2>Einsatz hinzufügen</h2>
      <TextField label="Datum" name="date" type="date" value={shift.date} error={errors.date} onChange={(e) => setShift({ ...shift, date: e.target.value })} />
      <TextField label="Beginn" name="start" type="time" value={shift.start} error={errors.start} onChange={(e) => setShift({ ...shift, start: e.target.value })} />
      <TextField label="Ende (vor dem Beginn: am Folgetag)" name="end" type="time" value={shift.end} error={errors.end} onChange={(e) => setShift({ ...shift, end: e.target.value })} />
      <TextField
        label="Benötigte Personen"
        name="staffNeeded"
        type="number"
        min={1}
        max={500}
        value={shift.staffNeeded}
        error={errors.staffNeeded}
        onChange={(e) => setShift({ ...shift, staffNeeded: Number.parseInt(e.target.value, 10) || 0 })}
      />
      <TextField
        label="Pause in Minuten (unbezahlt)"
        name="breakMinutes"
        type="number"
        min={0}
        max={720}
        value={shift.breakMinutes}
        error={errors.breakMinutes}
        onChange={(e) => setShift({ ...shift, breakMinutes: Number.parseInt(e.target.value, 10) || 0 })}
      />
      <TextArea label="Hinweis (optional)" name="note" maxLength={500} value={shift.note} error={errors.note} onChange={(e) => setShift({ ...shift, note: e.target.value })} />
      <FormMessages lines={failure} />
      <button type="submit" className={form.yellow} disabled={change.isPending}>
        Einsatz hinzufügen
      </button>
    </form>
  );
}
