import { describe, expect, it } from 'vitest';
import { formatCount, formatDate, formatMoney, formatSalary } from './format';

// The hand-written formats must equal Intl's de-DE output (format.ts says why they exist); each
// case runs both over the same values.
const intlEuro = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' });
const intlCount = new Intl.NumberFormat('de-DE');
const intlDate = new Intl.DateTimeFormat('de-DE', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Europe/Berlin' });

/** A small deterministic generator, so a failure names a value that comes back on the next run. */
function numbers(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe('German formats of job values', () => {
  it('writes euro amounts as Intl does', () => {
    const values = [0, -0, 1, 12.5, 1.005, 2.675, 1234.565, -3.2, -0.001, 0.004999, 0.005, 999.995, 1e6, 123456789012.34, 1e15, 1e21, 5e-7];
    const random = numbers(17);
    for (let i = 0; i < 5000; i++) {
      const scale = 10 ** Math.floor(random() * 9);
      const decimals = Math.floor(random() * 5);
      const value = Number((random() * scale).toFixed(decimals)) * (random() < 0.1 ? -1 : 1);
      values.push(value, value + 0.005);
    }
    for (const value of values) expect(formatMoney(value), String(value)).toBe(intlEuro.format(value));
    expect(formatMoney('13.50')).toBe(intlEuro.format(13.5));
    expect(formatMoney(12, 'USD')).toBe(new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'USD' }).format(12));
    expect(formatMoney(null)).toBeNull();
    expect(formatMoney('abc')).toBe('abc');
    expect(formatSalary(14, 'hour')).toBe(`${intlEuro.format(14)} pro Stunde`);
  });

  it('writes counts as Intl does', () => {
    for (const n of [0, 7, 999, 1000, 2792, 12345, 999999, 1000000, -1000, 123456789012, 2 ** 53 + 2, 1.5]) {
      expect(formatCount(n), String(n)).toBe(intlCount.format(n));
    }
  });

  it('writes the day in Germany as Intl does, across summer time changes', () => {
    const moments: number[] = [];
    // Every hour around each change from 1996 to 2040, and every six hours of 2026.
    for (let year = 1996; year <= 2040; year++) {
      for (const month of [2, 9]) {
        const last = Date.UTC(year, month + 1, 0);
        const sunday = last - new Date(last).getUTCDay() * 86_400_000;
        for (let h = -30; h <= 30; h++) moments.push(sunday + h * 3_600_000, sunday + h * 3_600_000 - 1);
      }
    }
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 6 * 3_600_000) moments.push(t, t + 3_599_999);
    const random = numbers(5);
    for (let i = 0; i < 2000; i++) moments.push(Date.UTC(1990, 0, 1) + Math.floor(random() * 60 * 365 * 86_400_000));
    for (const t of moments) {
      const iso = new Date(t).toISOString();
      expect(formatDate(iso), iso).toBe(intlDate.format(new Date(t)));
    }
    expect(formatDate('2026-03-29T01:30:00+02:00')).toBe('29.03.2026');
    expect(formatDate('2026-11-24')).toBe('24.11.2026');
    expect(formatDate('kein Datum')).toBeNull();
    expect(formatDate(null)).toBeNull();
  });
});
