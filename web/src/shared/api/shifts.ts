// Shifts (Einsätze, docs/shifts.md): the types and query keys the candidate's /meine-einsaetze and
// the provider portal's shift list share, and the German wording of a shift's time.
import { queryOptions } from '@tanstack/react-query';
import { api } from './client';

export type ShiftApplicationStatus = 'pending' | 'confirmed' | 'declined' | 'withdrawn';

export type Shift = {
  id: number;
  jobPosting: string;
  date: string; // YYYY-MM-DD
  start: string; // HH:MM, Berlin
  end: string;
  endsNextDay: boolean;
  startsAt: string;
  endsAt: string;
  placeId: number | null;
  place: { id: number; name: string; label: string } | null;
  staffNeeded: number;
  confirmed: number;
  freePlaces: number;
  baseSalary: number | null;
  /** The stated unpaid break in minutes (issue 42). */
  breakMinutes?: number;
  note: string;
  cancelledAt: string | null;
  /** Kept for the organization's pool (Stammkräfte) until then; others may choose it after (docs/shifts.md). */
  poolOnlyUntil?: string | null;
  /** Members only: pool members' choices are confirmed at once (within the working-time rules). */
  poolAutoConfirm?: boolean;
  // Only for members of the job's organization.
  applications?: {
    id: number;
    status: ShiftApplicationStatus;
    decidedAt: string | null;
    application: string;
    candidate: { firstName: string; lastName: string };
    // The neutral working-time flag (docs/fair-play.md): which kind of rule the person's confirmed
    // shifts at all employers would break with this one; never which employer or shift.
    workingTime?: 'Ruhezeit' | 'Arbeitszeit' | 'Jugendarbeitsschutz' | null;
  }[];
};

// A shift in the candidate's own list (GET /me/shifts).
export type MyShift = Shift & {
  shiftApplication: { id: number; status: ShiftApplicationStatus };
  job: { id: number; slug: string; title: string; organizationName: string };
};

export type ShiftList<T> = { 'hydra:member': T[]; 'hydra:totalItems': number };

export const shiftKeys = {
  all: ['shifts'] as const,
  mine: () => [...shiftKeys.all, 'mine'] as const,
  ofJob: (jobId: number, all: boolean) => [...shiftKeys.all, 'job', jobId, { all }] as const,
  freeOfJob: (jobId: number, pages: number) => [...shiftKeys.all, 'job', jobId, { free: true, pages }] as const,
};

/** GET /me/shifts: the signed-in candidate's pending and confirmed shifts, soonest first. */
export const getMyShifts = (signal?: AbortSignal) => api.get<ShiftList<MyShift>>('/me/shifts', { signal });

export const myShiftsQueryOptions = () => queryOptions({ queryKey: shiftKeys.mine(), queryFn: ({ signal }) => getMyShifts(signal) });

/** A page of a job's free shifts, by the server's rule of "free" (`?free=1`, the one the result cards read). */
export const getJobFreeShifts = (jobId: number, page: number, itemsPerPage: number, signal?: AbortSignal) =>
  api.get<ShiftList<Shift>>(`/job_postings/${jobId}/shifts`, { signal, query: { free: 1, page, itemsPerPage } });

// The public list is paged (20 by default, at most 100 a page): the choice while applying shows
// the 100 soonest. The team's list (`all`) is the whole job's.
export const getJobShifts = (jobId: number, all: boolean, signal?: AbortSignal) =>
  api.get<ShiftList<Shift>>(`/job_postings/${jobId}/shifts`, { signal, query: all ? { all: 1 } : { itemsPerPage: 100 } });

/** A free shift as a result card of a search by Einsatztage carries it (`freeShifts.next`, issue 41 item 12). */
export type FreeShift = Pick<Shift, 'id' | 'date' | 'start' | 'end' | 'endsNextDay' | 'freePlaces' | 'poolOnlyUntil'>;

const shortWeekdays = ['So', 'Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa'];

// "10" for 10:00, "10:30" for 10:30: the card's compact times.
const shortTime = (time: string) => (time.endsWith(':00') ? String(Number(time.slice(0, 2))) : time);

/**
 * The card's compact "Sa 12.12., 10–18 Uhr" ("22–6 Uhr" for a night shift; an end at midnight is
 * 24). The job page and the mails say it in full (shiftTimeLabel).
 */
export function shortShiftLabel(shift: Pick<Shift, 'date' | 'start' | 'end'>): string {
  const [y = 0, m = 1, d = 1] = shift.date.split('-').map(Number);
  const weekday = shortWeekdays[new Date(Date.UTC(y, m - 1, d)).getUTCDay()];
  const end = shift.end === '00:00' ? '24' : shortTime(shift.end);
  return `${weekday} ${String(d).padStart(2, '0')}.${String(m).padStart(2, '0')}., ${shortTime(shift.start)}–${end} Uhr`;
}

/** "03.12., 10:00 Uhr": when a pool-first shift opens to everyone (Berlin time). */
export function poolOpensLabel(until: string): string {
  const parts = new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit' })
    .formatToParts(new Date(until));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}.${part('month')}., ${part('hour')}:${part('minute')} Uhr`;
}

const weekdays = ['Sonntag', 'Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag'];

// "Samstag, 05.12.2026, 10:00–18:00 Uhr" (the server's mails say it the same way:
// jh_shift_label); a night shift adds "(bis zum Folgetag)"; a shift that ends at midnight ends at
// 24:00 of its day ("18:00–24:00 Uhr", not "18:00–00:00 Uhr (bis zum Folgetag)").
export function shiftTimeLabel(shift: Pick<Shift, 'date' | 'start' | 'end' | 'endsNextDay'>): string {
  const [y = 0, m = 1, d = 1] = shift.date.split('-').map(Number);
  const weekday = weekdays[new Date(Date.UTC(y, m - 1, d)).getUTCDay()];
  const date = `${String(d).padStart(2, '0')}.${String(m).padStart(2, '0')}.${y}`;
  const midnight = shift.end === '00:00';
  return `${weekday}, ${date}, ${shift.start}–${midnight ? '24:00' : shift.end} Uhr${shift.endsNextDay && !midnight ? ' (bis zum Folgetag)' : ''}`;
}
