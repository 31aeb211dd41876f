// GET /me/shifts: the signed-in candidate's pending and confirmed shifts, soonest first, for
// /meine-einsaetze.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { shiftKeys, type MyShift, type ShiftList } from '@/shared/api/shifts';

export const getMyShifts = (signal?: AbortSignal) => api.get<ShiftList<MyShift>>('/me/shifts', { signal });

export const myShiftsQueryOptions = () => queryOptions({ queryKey: shiftKeys.mine(), queryFn: ({ signal }) => getMyShifts(signal) });

export const useMyShifts = () => useQuery(myShiftsQueryOptions());
