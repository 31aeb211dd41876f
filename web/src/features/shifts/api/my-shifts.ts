// GET /me/shifts: the signed-in candidate's pending and confirmed shifts, soonest first, for
// /meine-einsaetze. The request itself lives in shared/api/shifts.ts (the job page marks her shifts too).
import { useQuery } from '@tanstack/react-query';
import { myShiftsQueryOptions } from '@/shared/api/shifts';

export { getMyShifts, myShiftsQueryOptions } from '@/shared/api/shifts';

export const useMyShifts = () => useQuery(myShiftsQueryOptions());
