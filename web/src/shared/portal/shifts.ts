// A job's shifts as its organization manages them (docs/shifts.md): the list with every shift and
// its applications (GET /job_postings/{id}/shifts?all=1), adding, changing (PATCH /shifts/{id}: only
// the fields that changed), deleting and cancelling a shift,
// confirming or declining a candidate per shift, and offering a shift to the organization's pool
// first (PUT /shifts/{id}/pool_offer). Every change refreshes the job's shift list
// and the portal's calendar; a confirmation is tracked as `shift_confirmed`.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { getJobShifts, shiftKeys, type Shift } from '@/shared/api/shifts';
import { track } from '@/shared/tracking/track';
import { providerKeys } from './keys';

/**
 * `breakMinutes`: the stated unpaid break (issue 42: a pay per shift is divided by the length less it);
 * `baseSalary`: the shift's own pay per hour, null for the job's; `placeId`: one of the job's places,
 * null for all of them (issue 41, item 17).
 */
export type NewShift = {
  date: string;
  start: string;
  end: string;
  staffNeeded: number;
  breakMinutes: number;
  note: string;
  baseSalary: number | null;
  placeId: number | null;
};

export const jobShiftsQueryOptions = (jobId: number) =>
  queryOptions({ queryKey: shiftKeys.ofJob(jobId, true), queryFn: ({ signal }) => getJobShifts(jobId, true, signal) });

export type ShiftChange =
  | { kind: 'create'; shift: NewShift }
  | { kind: 'update'; id: number; changes: Partial<NewShift> }
  | { kind: 'delete'; id: number }
  | { kind: 'cancel'; id: number }
  | { kind: 'decide'; shiftApplicationId: number; status: 'confirmed' | 'declined' }
  | { kind: 'pool'; id: number; poolFirstHours: number; autoConfirm: boolean };

export function runShiftChange(jobId: number, change: ShiftChange): Promise<Shift | void> {
  switch (change.kind) {
    case 'create':
      return api.post<Shift>(`/job_postings/${jobId}/shifts`, change.shift);
    case 'update':
      return api.patch<Shift>(`/shifts/${change.id}`, change.changes);
    case 'delete':
      return api.delete<void>(`/shifts/${change.id}`);
    case 'cancel':
      return api.post<Shift>(`/shifts/${change.id}/cancel`, {});
    case 'decide':
      return api.patch<Shift>(`/shift_applications/${change.shiftApplicationId}`, { status: change.status });
    case 'pool':
      return api.put<Shift>(`/shifts/${change.id}/pool_offer`, { poolFirstHours: change.poolFirstHours, autoConfirm: change.autoConfirm });
  }
}

export function useShiftChange(jobId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: ShiftChange) => runShiftChange(jobId, change),
    onSuccess: (_shift, change) => {
      if (change.kind === 'decide' && change.status === 'confirmed')
        track('shift_confirmed', { jobPostingId: jobId, shiftApplicationId: change.shiftApplicationId });
      // The job's list, and the portal's calendar whose fill and shifts this changes.
      void client.invalidateQueries({ queryKey: providerKeys.allShifts() });
      return client.invalidateQueries({ queryKey: shiftKeys.ofJob(jobId, true) });
    },
  });
}
