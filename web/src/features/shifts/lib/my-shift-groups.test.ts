// The candidate's shifts grouped for /meine-einsaetze, and the German time label of a shift.
import { describe, expect, it } from 'vitest';
import { shiftTimeLabel, type MyShift } from '@/shared/api/shifts';
import { testMyShift } from '@/testing/shift';
import { groupMyShifts, mayWithdraw } from './my-shift-groups';

// A night shift (22:00–06:00) with the candidate's choice `status`.
const shift = (id: number, status: MyShift['shiftApplication']['status'], cancelledAt: string | null = null) =>
  testMyShift({ id, start: '22:00', end: '06:00', endsNextDay: true, cancelledAt, shiftApplication: { id: id * 10, status } });

describe('groupMyShifts', () => {
  it('keeps confirmed, pending and cancelled apart', () => {
    const g = groupMyShifts([shift(1, 'confirmed'), shift(2, 'pending'), shift(3, 'confirmed', '2026-12-01T10:00:00Z')]);
    expect(g.confirmed.map((s) => s.id)).toEqual([1]);
    expect(g.pending.map((s) => s.id)).toEqual([2]);
    expect(g.cancelled.map((s) => s.id)).toEqual([3]);
  });
});

describe('mayWithdraw', () => {
  it('offers "Absagen" only for a pending or confirmed shift that has not begun nor been cancelled', () => {
    const now = Date.parse('2026-12-05T20:00:00Z');
    const at = (s: MyShift, startsAt: string) => ({ ...s, startsAt });
    expect(mayWithdraw(at(shift(1, 'confirmed'), '2026-12-05T21:00:00Z'), now)).toBe(true);
    expect(mayWithdraw(at(shift(2, 'pending'), '2026-12-05T21:00:00Z'), now)).toBe(true);
    expect(mayWithdraw(at(shift(3, 'confirmed'), '2026-12-05T20:00:00Z'), now)).toBe(false);
    expect(mayWithdraw(at(shift(4, 'confirmed', '2026-12-01T10:00:00Z'), '2026-12-06T21:00:00Z'), now)).toBe(false);
    expect(mayWithdraw(at(shift(5, 'declined'), '2026-12-06T21:00:00Z'), now)).toBe(false);
  });
});

describe('shiftTimeLabel', () => {
  it('names the weekday and a night shift', () => {
    expect(shiftTimeLabel(shift(1, 'confirmed'))).toBe('Samstag, 05.12.2026, 22:00–06:00 Uhr (bis zum Folgetag)');
    // Ending at midnight: 24:00 of the same day (issue 41).
    expect(shiftTimeLabel({ ...shift(1, 'confirmed'), start: '18:00', end: '00:00', endsNextDay: true })).toBe('Samstag, 05.12.2026, 18:00–24:00 Uhr');
  });
});
