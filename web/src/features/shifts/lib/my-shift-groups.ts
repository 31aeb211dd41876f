// Splits the candidate's shifts into what the page shows apart: confirmed ones (minus those the
// provider cancelled), those still waiting for the provider, and cancelled ones; and whether a
// shift may still be called off (the server's rule: pending or confirmed, not cancelled, not begun).
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

/** "Absagen" is offered for a pending or confirmed shift that is not cancelled and has not begun. */
export function mayWithdraw(shift: MyShift, now: number): boolean {
  const status = shift.shiftApplication.status;
  return (status === 'pending' || status === 'confirmed') && !shift.cancelledAt && Date.parse(shift.startsAt) > now;
}
