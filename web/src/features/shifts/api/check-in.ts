// A scan of a shift's QR code (issue 43, item 2; docs/shifts.md "Checking in and out by QR code"):
// POST /shift_check_ins {code}. The first scan checks in, the second checks out and fills the
// time record; the candidate's lists are read again afterwards.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { shiftKeys } from '@/shared/api/shifts';
import { timeRecordKeys } from '@/shared/api/time-records';

export type CheckInResult = {
  action: 'checked_in' | 'checked_out';
  shiftApplication: number;
  shift: number;
  label: string;
  job: { id: number; title: string };
  organization: string;
  checkedIn: string | null;
  checkedOut: string | null;
  record: { start: string | null; end: string | null; breakMinutes: number; workedMinutes: number } | null;
};

export function useScanCheckIn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.post<CheckInResult>('/shift_check_ins', { code }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: shiftKeys.all });
      void client.invalidateQueries({ queryKey: timeRecordKeys.all });
    },
  });
}
