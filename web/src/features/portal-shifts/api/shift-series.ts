// Many shifts at once (issue 43, docs/shifts.md "Many shifts at once"): POST
// /job_postings/{id}/shift_series with the dates and the time slots; the server makes one shift
// per date and slot, all or none. Refreshes the job's shift list and the portal's calendar.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { shiftKeys, type Shift, type ShiftList } from '@/shared/api/shifts';
import { providerKeys } from '@/shared/portal/keys';

export type SeriesSlot = { start: string; end: string; staffNeeded: number };
export type NewSeries = { dates: string[]; slots: SeriesSlot[]; note?: string };

export const MAX_SERIES_SHIFTS = 200;

export const createShiftSeries = (jobId: number, series: NewSeries) =>
  api.post<ShiftList<Shift>>(`/job_postings/${jobId}/shift_series`, series);

export function useCreateShiftSeries(jobId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (series: NewSeries) => createShiftSeries(jobId, series),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: providerKeys.allShifts() });
      return client.invalidateQueries({ queryKey: shiftKeys.ofJob(jobId, true) });
    },
  });
}

/** Every day from `from` to `to` (YYYY-MM-DD, both included), at most `max` days. */
export function daysBetween(from: string, to: string, max = MAX_SERIES_SHIFTS): string[] {
  const parse = (s: string) => {
    const [y, m, d] = s.split('-').map(Number);
    return y && m && d ? Date.UTC(y, m - 1, d) : Number.NaN;
  };
  const a = parse(from);
  const b = parse(to || from);
  if (!Number.isFinite(a) || !Number.isFinite(b) || b < a) return [];
  const out: string[] = [];
  for (let t = a; t <= b && out.length < max; t += 86_400_000) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}
