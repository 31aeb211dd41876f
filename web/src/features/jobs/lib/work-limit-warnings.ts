// Before applying with shifts: would they take the candidate over a work limit they stated in
// the account (GET /candidate_accounts/me/work_limits?shifts=…, docs/shifts.md "Work limits"),
// or break the working time across employers (`workingTime`, docs/fair-play.md)?
// The answer is only a warning; when it cannot be had (the server is busy, the caller is no
// candidate) applying goes on without one, never blocked by the check.
import { getWorkLimits } from '@/shared/api/work-limits';

export async function workLimitWarnings(shifts: number[]): Promise<string[]> {
  if (shifts.length === 0) return [];
  try {
    const limits = await getWorkLimits(shifts);
    return [...limits.warnings.map((w) => w.message ?? ''), ...(limits.workingTime ?? []).map((w) => w.message)].filter(Boolean);
  } catch {
    return [];
  }
}
