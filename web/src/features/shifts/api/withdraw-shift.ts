// POST /shift_applications/{id}/withdraw: the candidate calls off one chosen shift before it
// starts ("Absagen" on /meine-einsaetze). The answer is the candidate's shifts as /me/shifts has
// them, so the page shows the list without asking again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { shiftKeys, type MyShift, type ShiftList } from '@/shared/api/shifts';

export const withdrawShift = (shiftApplicationId: number) =>
  api.post<ShiftList<MyShift>>(`/shift_applications/${shiftApplicationId}/withdraw`, {});

export function useWithdrawShift() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: withdrawShift,
    onSuccess: (mine) => client.setQueryData(shiftKeys.mine(), mine),
  });
}
