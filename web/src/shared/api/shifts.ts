// Shifts (Einsätze, docs/shifts.md): the types and query keys the candidate's /meine-einsaetze and
// the provider portal's shift list share, and the German wording of a shift's time.
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
};

// The public list is paged (20 by default, at most 100 a page): the choice while applying shows
// the 100 soonest. The team's list (`all`) is the whole job's.
export const getJobShifts = (jobId: number, all: boolean, signal?: AbortSignal) =>
  api.get<ShiftList<Shift>>(`/job_postings/${jobId}/shifts`, { signal, query: all ? { all: 1 } : { itemsPerPage: 100 } });

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
