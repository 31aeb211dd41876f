// The portal's calendar of the organization's shifts ("Einsätze", docs/shifts.md): which days a
// week or month view shows, moving back and forward, the address that keeps the view, and the
// fill of a shift in words. Dates are Berlin calendar dates as `YYYY-MM-DD` strings; the
// arithmetic runs on UTC noon so no time zone or daylight-saving change moves a day.
import type { Shift } from '@/shared/api/shifts';

export type CalendarView = 'woche' | 'monat';

/** A shift of the organization's calendar (GET /organizations/{id}/shifts). */
export type CalendarShift = Shift & { job: { id: number; title: string }; pending: number };

const DAY = 86_400_000;
const MONTHS = ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'];
export const WEEKDAYS = ['Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag', 'Sonntag'];

const toTime = (date: string) => Date.parse(`${date}T12:00:00Z`);
const fromTime = (time: number) => new Date(time).toISOString().slice(0, 10);

export const isDate = (text: string | null): text is string => !!text && /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(toTime(text)) && fromTime(toTime(text)) === text;

export function addDays(date: string, days: number): string {
  return fromTime(toTime(date) + days * DAY);
}

/** The Monday of the date's week (weeks start on Monday in Germany). */
export function mondayOf(date: string): string {
  const weekday = (new Date(toTime(date)).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return addDays(date, -weekday);
}

/** Today in Berlin. */
export function berlinToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

export type CalendarWindow = {
  /** The days shown, Monday first: 7 for a week, whole weeks (at most 42 days) for a month. */
  days: string[];
  from: string;
  to: string;
  /** The month a month view is about (its other days are only filling its weeks). */
  month: string | null;
};

/** The days a view of `anchor` shows: its week, or the whole weeks of its month. */
export function calendarWindow(view: CalendarView, anchor: string): CalendarWindow {
  const first = view === 'woche' ? mondayOf(anchor) : mondayOf(`${anchor.slice(0, 7)}-01`);
  const last = view === 'woche' ? addDays(first, 6) : addDays(mondayOf(lastOfMonth(anchor)), 6);
  const days: string[] = [];
  for (let d = first; d <= last; d = addDays(d, 1)) days.push(d);
  return { days, from: first, to: last, month: view === 'monat' ? anchor.slice(0, 7) : null };
}

function lastOfMonth(date: string): string {
  const [y = 2000, m = 1] = date.split('-').map(Number);
  return fromTime(Date.UTC(y, m, 0, 12));
}

/** The anchor one step back (-1) or forward (1): a week, or the first of the month before or after. */
export function stepAnchor(view: CalendarView, anchor: string, step: -1 | 1): string {
  if (view === 'woche') return addDays(mondayOf(anchor), 7 * step);
  const [y = 2000, m = 1] = anchor.split('-').map(Number);
  return fromTime(Date.UTC(y, m - 1 + step, 1, 12));
}

/** The view's heading: "Dezember 2026", or "30.11.–06.12.2026" for a week. */
export function windowTitle(view: CalendarView, anchor: string): string {
  if (view === 'monat') {
    const [y, m = 1] = anchor.split('-').map(Number);
    return `${MONTHS[m - 1]} ${y}`;
  }
  const { from, to } = calendarWindow('woche', anchor);
  return `${shortDate(from)}–${shortDate(to)}${to.slice(0, 4)}`;
}

/** "30.11." */
export function shortDate(date: string): string {
  return `${date.slice(8, 10)}.${date.slice(5, 7)}.`;
}

/** The view and anchor of the address (?ansicht=woche|monat&datum=YYYY-MM-DD); this week by default. */
export function readCalendarParams(params: URLSearchParams, today: string): { view: CalendarView; anchor: string } {
  const view: CalendarView = params.get('ansicht') === 'monat' ? 'monat' : 'woche';
  const date = params.get('datum');
  return { view, anchor: isDate(date) ? date : today };
}

/** "2 von 3 besetzt" */
export function fillLabel(shift: Pick<Shift, 'confirmed' | 'staffNeeded'>): string {
  return `${shift.confirmed} von ${shift.staffNeeded} besetzt`;
}

/** The shifts of each shown day, in the server's order (by start). */
export function shiftsByDay<T extends Pick<Shift, 'date'>>(days: string[], shifts: T[]): Map<string, T[]> {
  const out = new Map(days.map((d) => [d, [] as T[]]));
  for (const shift of shifts) out.get(shift.date)?.push(shift);
  return out;
}
