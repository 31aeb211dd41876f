// Splits the candidate's shifts into what the page shows apart: confirmed ones (minus those the
// provider cancelled), those still waiting for the provider, and cancelled ones.
import type { MyShift } from '@/shared/api/shifts';

export type MyShiftGroups = { confirmed: MyShift[]; pending: MyShift[]; cancelled: MyShift[] };

export function groupMyShifts(shifts: MyShift[]): MyShiftGroups {
  const groups: MyShiftGroups = { confirmed: [], pending: [], cancelled: [] };
  for (const shift of shifts) {
    if (shift.cancelledAt) groups.cancelled.push(shift);
    else if (shift.shiftApplication.status === 'confirmed') groups.confirmed.push(shift);
    else if (shift.shiftApplication.status === 'pending') groups.pending.push(shift);
  }
  return groups;
}
