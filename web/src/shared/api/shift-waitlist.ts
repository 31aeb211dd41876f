// The waitlist of a full shift and its refill offers (issue 43, item 6; docs/shifts.md "Waitlist
// and refill"): the candidate's entries (GET /me/shift_offers), joining and leaving a shift's
// waitlist, and taking an offered place (POST /shift_offers/{id}/accept).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';
import { shiftKeys, type Shift, type ShiftList } from './shifts';

export type ShiftOfferStatus = 'waiting' | 'offered' | 'accepted' | 'expired' | 'missed';

export type ShiftOffer = {
  id: number;
  status: ShiftOfferStatus;
  position: number | null;
  joinedAt: string;
  offeredAt: string | null;
  expiresAt: string | null;
  shift: Shift;
  job: { id: number; slug: string; title: string; organizationName: string };
};

export const offerKeys = { mine: () => [...shiftKeys.all, 'offers'] as const };

export const getMyShiftOffers = (signal?: AbortSignal) => api.get<ShiftList<ShiftOffer>>('/me/shift_offers', { signal });

export const useMyShiftOffers = (enabled = true) =>
  useQuery({ queryKey: offerKeys.mine(), queryFn: ({ signal }) => getMyShiftOffers(signal), enabled });

/** Joins or leaves; either way the candidate's entries are read again. */
export function useWaitlist() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: offerKeys.mine() });
  const join = useMutation({ mutationFn: (shiftId: number) => api.post<ShiftOffer>(`/shifts/${shiftId}/waitlist`, {}), onSuccess: refresh });
  const leave = useMutation({ mutationFn: (shiftId: number) => api.delete(`/shifts/${shiftId}/waitlist`), onSuccess: refresh });
  return { join, leave };
}

/** "Platz übernehmen"; `confirmLimits` after the work limits' question. */
export function useAcceptOffer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, confirmLimits }: { id: number; confirmLimits: boolean }) =>
      api.post<ShiftOffer>(`/shift_offers/${id}/accept`, confirmLimits ? { confirmLimits: true } : {}),
    onSuccess: () => client.invalidateQueries({ queryKey: shiftKeys.all }),
  });
}
