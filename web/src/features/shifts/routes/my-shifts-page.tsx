// /meine-einsaetze: the candidate's confirmed and pending shifts, soonest first (GET /me/shifts),
// and the private calendar feed for Google or Apple Kalender (POST /me/calendar_token).
import { Link } from 'react-router';
import type { MyShift } from '@/shared/api/shifts';
import { shiftTimeLabel } from '@/shared/api/shifts';
import { PageLoading } from '@/shared/ui/page-loading';
import { useRenewCalendarToken } from '../api/calendar-token';
import { useMyShifts } from '../api/my-shifts';
import { groupMyShifts } from '../lib/my-shift-groups';

function ShiftItem({ shift }: { shift: MyShift }) {
  return (
    <li>
      <strong>{shiftTimeLabel(shift)}</strong>
      {shift.place ? `, ${shift.place.name}` : ''} – <Link to={`/jobs/${shift.job.slug}`}>{shift.job.title}</Link> bei{' '}
      {shift.job.organizationName}
      {shift.note ? <div>Hinweis: {shift.note}</div> : null}
    </li>
  );
}

function ShiftGroup({ id, title, shifts }: { id: string; title: string; shifts: MyShift[] }) {
  if (shifts.length === 0) return null;
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ul>
        {shifts.map((s) => (
          <ShiftItem key={s.shiftApplication.id} shift={s} />
        ))}
      </ul>
    </section>
  );
}

function CalendarFeed() {
  const renew = useRenewCalendarToken();
  return (
    <section aria-labelledby="kalender">
      <h2 id="kalender">Kalender-Abo</h2>
      <p>
        Mit deinem privaten Kalender-Link siehst du deine bestätigten Einsätze in Google Kalender, Apple Kalender oder Outlook. Gib
        den Link nicht weiter. Wenn du einen neuen Link erstellst, funktioniert der alte nicht mehr.
      </p>
      <button type="button" onClick={() => renew.mutate()} disabled={renew.isPending}>
        {renew.data ? 'Neuen Link erstellen' : 'Kalender-Link erstellen'}
      </button>
      {renew.isError ? <p role="alert">Der Link konnte gerade nicht erstellt werden. Bitte versuche es gleich noch einmal.</p> : null}
      {renew.data ? (
        <p>
          Dein Link (nur jetzt sichtbar): <input readOnly value={renew.data.url} aria-label="Dein Kalender-Link" size={60} />
        </p>
      ) : null}
    </section>
  );
}

export function MyShiftsPage() {
  const shifts = useMyShifts();
  if (shifts.isPending) return <PageLoading />;
  if (shifts.isError) return <p role="alert">Deine Einsätze konnten gerade nicht geladen werden. Bitte lade die Seite neu.</p>;
  const { confirmed, pending, cancelled } = groupMyShifts(shifts.data['hydra:member']);
  return (
    <>
      {confirmed.length + pending.length + cancelled.length === 0 ? (
        <p>
          Du hast noch keine Einsätze. Bei Jobs mit Einsätzen wählst du sie direkt bei der Bewerbung aus.{' '}
          <Link to="/jobs">Jetzt Jobs finden</Link>
        </p>
      ) : null}
      <ShiftGroup id="bestaetigt" title="Bestätigt" shifts={confirmed} />
      <ShiftGroup id="offen" title="Wartet auf Antwort" shifts={pending} />
      <ShiftGroup id="abgesagt" title="Vom Jobanbieter abgesagt" shifts={cancelled} />
      <CalendarFeed />
    </>
  );
}
