// A worked-hours record (shared/api/time-records.ts) as the server answers it, for the candidate's
// "Deine Zeiten" and the portal's hours page tests: an open entry of a shift 10:00–18:00 unless
// `fields` say otherwise.
import type { TimeRecord } from '@/shared/api/time-records';

export const timeRecord = (fields: Partial<TimeRecord> = {}): TimeRecord => ({
  shiftApplication: 77,
  shift: 7,
  job: { id: 1, title: 'Messehilfe' },
  date: '2026-11-28',
  workerName: 'Jana Berg',
  status: 'open',
  enteredBy: 'planned',
  proposed: false,
  start: null,
  end: null,
  endsNextDay: false,
  breakMinutes: 0,
  workedMinutes: 480,
  planned: { start: '10:00', end: '18:00', startsAt: '', endsAt: '' },
  candidateEntry: null,
  autoApproved: false,
  objection: null,
  objectedAt: null,
  decidedAt: null,
  canEnter: true,
  canObject: false,
  ...fields,
});
