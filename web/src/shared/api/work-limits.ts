// The candidate's work limits (Arbeitszeitgrenzen, docs/shifts.md "Work limits"): what applies
// (Minijob, kurzfristige Beschäftigung, Werkstudent, …), where the confirmed shifts put the
// candidate, and the warnings for shifts about to be applied for. Shared: the account page
// (features/shifts) shows the standing, applying (features/jobs) asks for warnings first.
import { api } from './client';

export type WorkLimitStatus = 'none' | 'minijob' | 'short_term' | 'working_student' | 'pupil' | 'pensioner';

export type WorkLimitPeriod = {
  measure: 'minijob_month' | 'short_term_year' | 'student_week';
  key: string;
  label: string; // "Dezember 2026", "2027", "Woche vom 30.11.2026"
  current: boolean;
  over: boolean;
  unit: 'EUR' | 'days' | 'hours';
  value: number;
  confirmed: number;
  limit: number;
  valueText: string; // "640,00 €", the server's German wording
  confirmedText: string;
  limitText: string;
  unknownPay: number;
  figuresYear: number;
  message?: string; // warnings only
};

export type WorkLimits = {
  status: WorkLimitStatus;
  lecturePeriod: boolean;
  measure: WorkLimitPeriod['measure'] | null;
  overrunMonths: number;
  guidance: string;
  periods: WorkLimitPeriod[];
  warnings: WorkLimitPeriod[];
  /** An adult's breaches of the working time across employers (rest, hours a day or week), for the shifts asked about. */
  workingTime?: { rule: string; message: string }[];
};

export const WORK_LIMIT_STATUSES: [WorkLimitStatus, string][] = [
  ['none', 'Keine Angabe'],
  ['minijob', 'Minijob'],
  ['short_term', 'Kurzfristige Beschäftigung'],
  ['working_student', 'Werkstudent/in'],
  ['pupil', 'Schüler/in'],
  ['pensioner', 'Rentner/in'],
];

export const workLimitKeys = {
  all: ['work-limits'] as const,
  mine: () => [...workLimitKeys.all, 'mine'] as const,
};

const PATH = '/candidate_accounts/me/work_limits';

/** The standing; with `shifts`, the warnings for applying to them as well. */
export const getWorkLimits = (shifts: number[] = [], signal?: AbortSignal) =>
  api.get<WorkLimits>(PATH, { signal, query: shifts.length > 0 ? { shifts: shifts.join(',') } : {} });

export const patchWorkLimits = (patch: { status?: WorkLimitStatus; lecturePeriod?: boolean }) => api.patch<WorkLimits>(PATH, patch);
