// The organization's worked hours of one month (issue 43, docs/shifts.md "Time recording" and
// "The § 17 MiLoG record"): the list (GET /organizations/{id}/time_records?month=), the decision per
// entry (PATCH /shift_applications/{id}/time_record: approved, corrected, no_show), the rating of a
// worker's reliability after approved hours (POST /shift_applications/{id}/reliability_rating) and
// the CSV download of the month.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { API_BASE, api } from '@/shared/api/client';
import { timeRecordKeys, type TimeRecord, type TimeRecordList } from '@/shared/api/time-records';

export type TimeDecision =
  | { status: 'approved' }
  | { status: 'no_show' }
  | { status: 'corrected'; start?: string; end?: string; breakMinutes?: number };

export const organizationTimeRecordsQueryOptions = (org: number, month: string) =>
  queryOptions({
    queryKey: timeRecordKeys.ofOrganization(org, month),
    queryFn: ({ signal }) => api.get<TimeRecordList>(`/organizations/${org}/time_records`, { signal, query: { month } }),
  });

export const timeRecordsCsvUrl = (org: number, month: string) => `${API_BASE}/organizations/${org}/time_records.csv?month=${month}`;

export function useTimeDecision() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ shiftApplication, decision }: { shiftApplication: number; decision: TimeDecision }) =>
      api.patch<TimeRecord>(`/shift_applications/${shiftApplication}/time_record`, decision),
    onSuccess: () => client.invalidateQueries({ queryKey: timeRecordKeys.all }),
  });
}

/** The organization's own rating of a worker's reliability after approved hours: 1–5 and a short note, once per shift. */
export function useReliabilityRating() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ shiftApplication, stars, comment }: { shiftApplication: number; stars: number; comment: string }) =>
      api.post<TimeRecord>(`/shift_applications/${shiftApplication}/reliability_rating`, { stars, comment }),
    onSuccess: () => client.invalidateQueries({ queryKey: timeRecordKeys.all }),
  });
}

// The month helpers are shared with the monthly report (shared/portal/months.ts).
export { berlinMonth, stepMonth } from '@/shared/portal/months';
