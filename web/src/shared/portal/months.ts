// Calendar months in the portal (Berlin): the current one as YYYY-MM, a step forwards or backwards,
// and the German title "Oktober 2026". Shared by the pages that show one month (the worked hours,
// the monthly report).
const MONTHS = ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'];

/** This month in Berlin as YYYY-MM. */
export function berlinMonth(now = new Date()): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit' }).format(now).slice(0, 7);
}

/** The month `delta` months from `month` (YYYY-MM). */
export function stepMonth(month: string, delta: number): string {
  const [y = 2000, m = 1] = month.split('-').map(Number);
  const t = new Date(Date.UTC(y, m - 1 + delta, 1));
  return t.toISOString().slice(0, 7);
}

/** "2026-10" → "Oktober 2026". */
export const monthTitle = (month: string) => `${MONTHS[Number(month.slice(5, 7)) - 1] ?? ''} ${month.slice(0, 4)}`;
