// /recruiting/portal/einsaetze: the organization's shifts ("Einsätze") in a week or month view
// ("Sie"), back and forward, each shift with its time, job, place and fill ("2 von 3 besetzt",
// open choices waiting), linked to the job's shift management. The view and the date live in the
// address (?ansicht=woche|monat&datum=), so a view can be reloaded and shared within the team.
// Below it, "Kalender abonnieren": the team's private .ics address (organization-calendar-feed.tsx).
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import form from '@/shared/ui/form.module.css';
import { PageLoading } from '@/shared/ui/page-loading';
import type { OrganizationMember } from '@/shared/portal/member';
import { organizationShiftsQueryOptions } from '../api/organization-shifts';
import { OrganizationCalendarFeed } from '../components/organization-calendar-feed';
import { PortalFrame } from '@/shared/portal/portal-frame';
import styles from '../components/shift-calendar.module.css';
import { providerMessage } from '@/shared/portal/messages';
import { portalPath } from '@/shared/portal/paths';
import {
  berlinToday,
  calendarWindow,
  fillLabel,
  readCalendarParams,
  shiftsByDay,
  shortDate,
  stepAnchor,
  WEEKDAYS,
  windowTitle,
  type CalendarShift,
  type CalendarView,
} from '../lib/shift-calendar';

export function ShiftCalendarPage() {
  return <PortalFrame title="Einsätze">{(member) => <ShiftCalendar member={member} />}</PortalFrame>;
}

function ShiftCalendar({ member }: { member: OrganizationMember }) {
  const [params, setParams] = useSearchParams();
  const today = berlinToday();
  const { view, anchor } = readCalendarParams(params, today);
  const window = calendarWindow(view, anchor);
  const shifts = useQuery(organizationShiftsQueryOptions(member.organization.id, window.from, window.to));
  const go = (next: { view?: CalendarView; anchor?: string }) =>
    setParams({ ansicht: next.view ?? view, datum: next.anchor ?? anchor });
  const byDay = shiftsByDay(window.days, shifts.data?.['hydra:member'] ?? []);

  return (
    <>
      <p>Alle Einsätze Ihrer Stellenanzeigen. Bestätigen und verwalten Sie die Bewerbungen je Einsatz in der Stellenanzeige.</p>
      <div className={styles.toolbar}>
        <div role="group" aria-label="Ansicht" className={form.row}>
          {(['woche', 'monat'] as const).map((v) => (
            <button key={v} type="button" className={view === v ? form.button : form.secondary} aria-pressed={view === v} onClick={() => go({ view: v })}>
              {v === 'woche' ? 'Woche' : 'Monat'}
            </button>
          ))}
        </div>
        <button type="button" className={form.secondary} onClick={() => go({ anchor: stepAnchor(view, anchor, -1) })}>
          {view === 'woche' ? 'Vorherige Woche' : 'Vorheriger Monat'}
        </button>
        <h2 aria-live="polite">{windowTitle(view, anchor)}</h2>
        <button type="button" className={form.secondary} onClick={() => go({ anchor: stepAnchor(view, anchor, 1) })}>
          {view === 'woche' ? 'Nächste Woche' : 'Nächster Monat'}
        </button>
        <button type="button" className={form.secondary} onClick={() => go({ anchor: today })}>
          Heute
        </button>
      </div>
      {shifts.isPending && <PageLoading />}
      {shifts.isError && <p role="alert">{providerMessage(shifts.error, 'Die Einsätze konnten gerade nicht geladen werden. Bitte laden Sie die Seite neu.')}</p>}
      {shifts.data && shifts.data['hydra:totalItems'] === 0 && <p>{view === 'woche' ? 'In dieser Woche haben Sie keine Einsätze.' : 'In diesem Monat haben Sie keine Einsätze.'}</p>}
      {shifts.data && (
        <ol className={styles.days} aria-label={`Einsätze: ${windowTitle(view, anchor)}`} aria-busy={shifts.isFetching}>
          {window.days.map((day, i) => (
            <Day key={day} day={day} weekday={WEEKDAYS[i % 7]!} shifts={byDay.get(day) ?? []} outside={!!window.month && !day.startsWith(window.month)} today={day === today} />
          ))}
        </ol>
      )}
      <OrganizationCalendarFeed organizationId={member.organization.id} />
    </>
  );
}

function Day({ day, weekday, shifts, outside, today }: { day: string; weekday: string; shifts: CalendarShift[]; outside: boolean; today: boolean }) {
  const className = [styles.day, outside ? styles.other : '', today ? styles.today : ''].filter(Boolean).join(' ');
  return (
    <li className={className} aria-label={`${weekday}, ${shortDate(day)}`}>
      <h3>
        {weekday.slice(0, 2)}, {shortDate(day)}
        {today ? ' (heute)' : ''}
      </h3>
      {shifts.length > 0 && (
        <ul className={styles.shifts}>
          {shifts.map((shift) => (
            <ShiftEntry key={shift.id} shift={shift} />
          ))}
        </ul>
      )}
    </li>
  );
}

function ShiftEntry({ shift }: { shift: CalendarShift }) {
  const cancelled = shift.cancelledAt !== null;
  const open = !cancelled && shift.confirmed < shift.staffNeeded;
  return (
    <li className={[styles.shift, open ? styles.open : '', cancelled ? styles.cancelled : ''].filter(Boolean).join(' ')}>
      <div>
        {shift.start}–{shift.end}
        {shift.endsNextDay ? ' (+1)' : ''} <Link to={portalPath.jobShifts(shift.job.id)}>{shift.job.title}</Link>
      </div>
      {shift.place && <div>{shift.place.name}</div>}
      <div>
        {cancelled ? 'abgesagt' : <span className={styles.fill}>{fillLabel(shift)}</span>}
        {!cancelled && shift.pending > 0 ? ` · ${shift.pending} ${shift.pending === 1 ? 'Bewerbung wartet' : 'Bewerbungen warten'}` : ''}
      </div>
    </li>
  );
}
