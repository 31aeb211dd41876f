// The portal calendar's view logic: the days of a week and of a month (whole weeks, Monday first,
// never more than the server's 42 days), moving back and forward across months and years, the
// address that keeps the view, today in Berlin and the fill in words.
import { describe, expect, it } from 'vitest';
import { berlinToday, calendarWindow, fillLabel, isDate, readCalendarParams, shiftsByDay, stepAnchor, windowTitle } from './shift-calendar';

describe('the shift calendar', () => {
  it('shows the week of a date from Monday to Sunday', () => {
    const w = calendarWindow('woche', '2026-12-03'); // a Thursday
    expect(w.from).toBe('2026-11-30');
    expect(w.to).toBe('2026-12-06');
    expect(w.days).toHaveLength(7);
    expect(w.month).toBeNull();
    expect(calendarWindow('woche', '2026-12-06').from).toBe('2026-11-30'); // a Sunday belongs to the week before it
    expect(windowTitle('woche', '2026-12-03')).toBe('30.11.–06.12.2026');
  });

  it('shows a month as its whole weeks, at most 42 days', () => {
    const dec = calendarWindow('monat', '2026-12-17');
    expect(dec.from).toBe('2026-11-30');
    expect(dec.to).toBe('2027-01-03');
    expect(dec.days).toHaveLength(35);
    expect(dec.month).toBe('2026-12');
    // February 2021 starts on a Monday and ends on a Sunday: four weeks exactly.
    expect(calendarWindow('monat', '2021-02-10').days).toHaveLength(28);
    // A month spread over six weeks (August 2026 starts on a Saturday, ends on a Monday).
    expect(calendarWindow('monat', '2026-08-01').days).toHaveLength(42);
    for (let m = 1; m <= 12; m++) {
      const days = calendarWindow('monat', `2027-${String(m).padStart(2, '0')}-15`).days;
      expect(days.length).toBeLessThanOrEqual(42);
      expect(days.length % 7).toBe(0);
    }
    expect(windowTitle('monat', '2026-03-01')).toBe('März 2026');
  });

  it('moves a week or a month back and forward, across a year and daylight saving', () => {
    expect(stepAnchor('woche', '2026-12-31', 1)).toBe('2027-01-04');
    expect(stepAnchor('woche', '2026-03-30', -1)).toBe('2026-03-23');
    expect(stepAnchor('woche', '2026-10-22', 1)).toBe('2026-10-26'); // over the end of summer time
    expect(stepAnchor('monat', '2026-01-31', 1)).toBe('2026-02-01');
    expect(stepAnchor('monat', '2026-01-15', -1)).toBe('2025-12-01');
    expect(stepAnchor('monat', '2026-12-15', 1)).toBe('2027-01-01');
  });

  it('keeps the view in the address and ignores what is not a date', () => {
    expect(readCalendarParams(new URLSearchParams('ansicht=monat&datum=2026-12-24'), '2026-11-27')).toEqual({ view: 'monat', anchor: '2026-12-24' });
    expect(readCalendarParams(new URLSearchParams('ansicht=jahr&datum=2026-02-30'), '2026-11-27')).toEqual({ view: 'woche', anchor: '2026-11-27' });
    expect(readCalendarParams(new URLSearchParams(''), '2026-11-27')).toEqual({ view: 'woche', anchor: '2026-11-27' });
    expect(isDate('2028-02-29')).toBe(true);
    expect(isDate('2026-2-1')).toBe(false);
    expect(isDate(null)).toBe(false);
  });

  it('takes today from Berlin, not from the browser', () => {
    expect(berlinToday(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
    expect(berlinToday(new Date('2026-07-01T21:59:00Z'))).toBe('2026-07-01');
    expect(berlinToday(new Date('2026-07-01T22:00:00Z'))).toBe('2026-07-02');
  });

  it('puts each shift on its day and says its fill', () => {
    const byDay = shiftsByDay(['2026-12-01', '2026-12-02'], [{ date: '2026-12-02' }, { date: '2026-12-09' }, { date: '2026-12-02' }]);
    expect(byDay.get('2026-12-01')).toEqual([]);
    expect(byDay.get('2026-12-02')).toHaveLength(2);
    expect(byDay.has('2026-12-09')).toBe(false);
    expect(fillLabel({ confirmed: 2, staffNeeded: 3 })).toBe('2 von 3 besetzt');
  });
});
