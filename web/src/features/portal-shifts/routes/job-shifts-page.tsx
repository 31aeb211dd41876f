// /recruiting/portal/stellenanzeigen/{id}/einsaetze: the shifts of one job for its organization
// ("Sie"): every shift with its fill (confirmed / needed), place and pay, a form to add one (or to
// change one: "Einsatz bearbeiten", issue 41; components/shift-form.tsx) and one to add a series
// (dates × time slots, issue 43), "Zuerst dem Pool anbieten" (issue 43 item 7), and per shift the
// candidates who chose it with "Bestätigen" and "Ablehnen"; a shift without confirmed people can
// be deleted, one with confirmed people cancelled (they get a mail). The server's messages (a full
// shift, a cancelled one, a minor's shift the JArbSchG forbids) are shown as they come. A choice
// carries the neutral working-time flag ("Ruhezeit", "Arbeitszeit", "Jugendarbeitsschutz";
// docs/fair-play.md) and nothing about the person's other employers.
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link, useParams } from 'react-router';
import { shiftTimeLabel, type Shift } from '@/shared/api/shifts';
import form from '@/shared/ui/form.module.css';
import { PageLoading } from '@/shared/ui/page-loading';
import type { OrganizationMember } from '@/shared/portal/member';
import { jobQueryOptions } from '@/shared/portal/job-postings';
import { jobShiftsQueryOptions, useShiftChange } from '@/shared/portal/shifts';
import { PortalFrame } from '@/shared/portal/portal-frame';
import { ShiftCheckInCode } from '../components/shift-check-in-code';
import { poolOfferText, ShiftPoolOffer } from '../components/shift-pool-offer';
import { berlinToday } from '../lib/shift-calendar';
import styles from '@/shared/portal/portal.module.css';
import { placeOptions, ShiftForm, shiftPayText } from '../components/shift-form';
import { providerMessage } from '@/shared/portal/messages';
import { portalPath } from '@/shared/portal/paths';
import { CHOICE_STATUS, WORKING_TIME_HINT } from '@/shared/portal/shift-words';

// The series form loads after the page: most visits decide on choices and never open it.
const ShiftSeriesForm = lazy(() => import('../components/shift-series-form').then((m) => ({ default: m.ShiftSeriesForm })));

export function JobShiftsPage() {
  return <PortalFrame title="Einsätze">{(member) => <JobShifts member={member} />}</PortalFrame>;
}

function JobShifts({ member }: { member: OrganizationMember }) {
  const jobId = Number.parseInt(useParams().id ?? '', 10);
  const shifts = useQuery({ ...jobShiftsQueryOptions(jobId), enabled: Number.isFinite(jobId) });
  // The job's places, which a shift can be limited to.
  const job = useQuery({ ...jobQueryOptions(member.organization.id, jobId), enabled: Number.isFinite(jobId) });
  const places = placeOptions(job.data?.locations ?? []);
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
      {member.canAct && <ShiftForm jobId={jobId} places={places} />}
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
            <ShiftEntry key={shift.id} shift={shift} canAct={member.canAct} run={run} jobId={jobId} places={places} />
          ))}
        </ul>
      )}
    </>
  );
}

type EntryProps = {
  shift: Shift;
  canAct: boolean;
  run: (c: Parameters<ReturnType<typeof useShiftChange>['mutate']>[0]) => void;
  jobId: number;
  places: [string, string][];
};

const HOUR_MS = 3_600_000;

/** Whether `now` is within the shift's check-in code window: 1 h before its start to 6 h after its end. */
function checkInWindowOpen(shift: Pick<Shift, 'startsAt' | 'endsAt'>, now: number = Date.now()): boolean {
  const start = Date.parse(shift.startsAt);
  const end = Date.parse(shift.endsAt);
  return now >= start - HOUR_MS && now <= end + 6 * HOUR_MS;
}

function ShiftEntry({ shift, canAct, run, jobId, places }: EntryProps) {
  const cancelled = shift.cancelledAt !== null;
  // The QR code for checking in and out is offered on the shift's day and while its code is valid
  // (from an hour before the start to six hours after the end, docs/shifts.md): a night shift's
  // check-out after midnight, or a shift that began late yesterday, still has its code.
  const today = !cancelled && (shift.date === berlinToday() || checkInWindowOpen(shift));
  const [showCode, setShowCode] = useState(false);
  const [editing, setEditing] = useState(false);
  const [offering, setOffering] = useState(false);
  const pay = shiftPayText(shift);
  return (
    <li className={styles.job}>
      <h2>
        {shiftTimeLabel(shift)}
        {cancelled ? ' – abgesagt' : ''}
      </h2>
      <p className={styles.meta}>
        {[shift.place?.name ?? 'alle Einsatzorte', `${shift.confirmed} von ${shift.staffNeeded} bestätigt`, pay, poolOfferText(shift), shift.note]
          .filter(Boolean)
          .join(' · ')}
      </p>
      {(shift.applications ?? []).length > 0 && (
        <ul aria-label="Bewerbungen für diesen Einsatz">
          {(shift.applications ?? []).map((a) => (
            <li key={a.id}>
              {`${a.candidate.firstName} ${a.candidate.lastName}`.trim() || 'Gelöschtes Konto'} – {CHOICE_STATUS[a.status] ?? a.status}
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
      {canAct && !cancelled && editing && <ShiftForm jobId={jobId} places={places} shift={shift} onDone={() => setEditing(false)} />}
      {canAct && !cancelled && offering && <ShiftPoolOffer shift={shift} jobId={jobId} onDone={() => setOffering(false)} />}
      {canAct && !cancelled && !editing && !offering && (
        <div className={form.row}>
          <button type="button" className={form.secondary} onClick={() => setEditing(true)}>
            Einsatz bearbeiten
          </button>
          {new Date(shift.startsAt) > new Date() && (
            <button type="button" className={form.secondary} onClick={() => setOffering(true)}>
              Zuerst dem Pool anbieten
            </button>
          )}
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
