// Worked hours after a confirmed shift (issue 43, docs/shifts.md "Time recording"): the record as
// the candidate's /meine-einsaetze and the portal's hours page show it, and its German wording.
export type TimeRecordStatus = 'open' | 'entered' | 'approved' | 'corrected' | 'no_show';

export type TimeRecord = {
  shiftApplication: number;
  shift: number | null;
  job: { id: number | null; title: string };
  date: string; // YYYY-MM-DD
  workerName: string;
  status: TimeRecordStatus;
  enteredBy: 'candidate' | 'planned' | 'provider';
  // Nothing entered six hours after the end: the planned times are shown as the proposal.
  proposed: boolean;
  start: string | null; // HH:MM, Berlin
  end: string | null;
  endsNextDay: boolean;
  breakMinutes: number;
  workedMinutes: number;
  planned: { start: string; end: string; startsAt: string; endsAt: string };
  candidateEntry: { start: string; end: string; breakMinutes: number } | null;
  autoApproved: boolean;
  objection: string | null;
  objectedAt: string | null;
  decidedAt: string | null;
  canEnter: boolean;
  canObject: boolean;
  /** The QR scans (docs/shifts.md "Checking in and out by QR code"): Berlin clock times; null without a scan. */
  scan?: { checkedIn: string; checkedOut: string | null; checkedInAt: string; checkedOutAt: string | null } | null;
  /** Only in the organization's list: its own rating of the worker's reliability for this shift (never the candidate's view). */
  reliabilityRating?: { stars: number; comment: string; createdAt: string } | null;
  /** Only in the organization's list: the hours are approved or corrected and nobody rated yet. */
  canRateReliability?: boolean;
};

export type TimeRecordList = { 'hydra:member': TimeRecord[] };

export const timeRecordKeys = {
  all: ['time-records'] as const,
  mine: () => [...timeRecordKeys.all, 'mine'] as const,
  ofOrganization: (org: number, month: string) => [...timeRecordKeys.all, 'organization', org, month] as const,
};

/** "7,75 Std." */
export function hoursLabel(minutes: number): string {
  return `${(minutes / 60).toLocaleString('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} Std.`;
}

/** "05.12.2026" */
export function dateLabel(date: string): string {
  const [y, m, d] = date.split('-');
  return `${d}.${m}.${y}`;
}

/** "10:05–18:20 Uhr, 30 Min. Pause" or "nicht erschienen". */
export function timesLabel(r: Pick<TimeRecord, 'status' | 'start' | 'end' | 'breakMinutes' | 'endsNextDay'>): string {
  if (r.status === 'no_show') return 'nicht erschienen';
  if (!r.start || !r.end) return 'noch nicht eingetragen';
  return `${r.start}–${r.end} Uhr${r.endsNextDay ? ' (Folgetag)' : ''}, ${r.breakMinutes} Min. Pause`;
}
