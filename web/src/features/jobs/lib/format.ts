// German formatting of job values: money, counts, distances, dates, salary units.
//
// Euro amounts, counts and dates are written here by hand instead of with Intl: the first Intl
// formatter of a page loads the locale's ICU data, 20 to 80 ms of main-thread work (four times
// that on a slow phone) in the task that draws the first job cards. The results are Intl's own
// (format.test.ts compares both over many values); whatever the hand-written path does not cover
// (another currency, exponent notation, dates before 1996) still goes to Intl.

const UNITS: Record<string, string> = { hour: 'Stunde', day: 'Tag', week: 'Woche', month: 'Monat', year: 'Jahr', project: 'Projekt' };

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** "1234567" → "1.234.567". */
function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/**
 * "12,50 €" like Intl's de-DE euro format: the shortest decimal form of the number, rounded half
 * away from zero to cents. Null when the number is too large or written with an exponent.
 */
function formatEuro(n: number): string | null {
  const digits = String(Math.abs(n));
  const match = /^(\d{1,12})(?:\.(\d+))?$/.exec(digits);
  if (!match) return null;
  const fraction = match[2] ?? '';
  const roundUp = (fraction[2] ?? '0') >= '5' ? 1 : 0;
  const cents = Number(match[1]) * 100 + Number(fraction.slice(0, 2).padEnd(2, '0')) + roundUp;
  const sign = n < 0 || Object.is(n, -0) ? '-' : '';
  return `${sign}${groupThousands(String(Math.floor(cents / 100)))},${String(cents % 100).padStart(2, '0')}\u00a0€`;
}

export function formatMoney(value: number | string | null | undefined, currency = 'EUR'): string | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return String(value);
  return (currency === 'EUR' && formatEuro(n)) || new Intl.NumberFormat('de-DE', { style: 'currency', currency }).format(n);
}

export function formatSalary(
  value: number | null | undefined,
  unit?: string | null,
  currency?: string | null,
  max?: number | null,
): string | null {
  let money = formatMoney(value ?? null, currency ?? 'EUR');
  if (!money) return null;
  // A range (issue 42, EU pay transparency): "14,00 € – 16,00 €".
  const upper = max !== null && max !== undefined && max !== value ? formatMoney(max, currency ?? 'EUR') : null;
  if (upper) money = `${money} – ${upper}`;
  if (unit === 'project') return `${money} Honorar`;
  if (unit === 'day') return `${money} pro Einsatz/Tag`;
  return unit && UNITS[unit] ? `${money} pro ${UNITS[unit]}` : money;
}

/** What a job's minimum-wage exemption means, for its page (docs/fair-play.md; the provider chose it). */
export const WAGE_EXEMPTION_TEXTS: Record<string, string> = {
  freelance: 'Freie Mitarbeit gegen Honorar: kein Arbeitsverhältnis, der gesetzliche Mindestlohn gilt hier nicht.',
  minor: 'Für Jugendliche unter 18 Jahren ohne abgeschlossene Berufsausbildung: Für sie gilt der gesetzliche Mindestlohn nicht (§ 22 Abs. 2 MiLoG).',
  mandatory_internship: 'Pflichtpraktikum nach Schul-, Ausbildungs- oder Studienordnung: Hier gilt der gesetzliche Mindestlohn nicht (§ 22 Abs. 1 Satz 2 Nr. 1 MiLoG).',
};

/** A whole number with German thousands separators: 2792 → "2.792". */
export function formatCount(n: number): string {
  if (!Number.isSafeInteger(n)) return new Intl.NumberFormat('de-DE').format(n);
  return (n < 0 ? '-' : '') + groupThousands(String(Math.abs(n)));
}

/** Below this a job is where the searcher is: "am Ort" (a place's point is its centre, so "0 m" or
 * "300 m" away says nothing a person can use). */
export const AT_PLACE_METRES = 500;

/** Metres → "am Ort" / "800 m entfernt" / "3 km entfernt". */
export function formatDistance(metres: number | null | undefined): string | null {
  if (metres === null || metres === undefined) return null;
  if (metres < AT_PLACE_METRES) return 'am Ort';
  return metres < 1000 ? `${Math.round(metres)} m entfernt` : `${Math.round(metres / 1000)} km entfernt`;
}

/** The last Sunday of a month (0-based) at 01:00 UTC: when German summer time starts or ends. */
function lastSundayOneAm(year: number, month: number): number {
  const lastDay = Date.UTC(year, month + 1, 0);
  return lastDay - new Date(lastDay).getUTCDay() * DAY_MS + HOUR_MS;
}

const two = (n: number) => String(n).padStart(2, '0');

/**
 * "24.11.2026": the day in Germany. Central European Time, summer time (one hour more) from the
 * last Sunday of March to the last Sunday of October, both at 01:00 UTC: the EU rule since 1996.
 */
function berlinDate(d: Date): string {
  const t = d.getTime();
  const year = d.getUTCFullYear();
  if (year < 1996 || year > 9000) {
    return new Intl.DateTimeFormat('de-DE', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Europe/Berlin' }).format(d);
  }
  const summer = t >= lastSundayOneAm(year, 2) && t < lastSundayOneAm(year, 9);
  const local = new Date(t + (summer ? 2 : 1) * HOUR_MS);
  return `${two(local.getUTCDate())}.${two(local.getUTCMonth() + 1)}.${local.getUTCFullYear()}`;
}

export function formatDate(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : berlinDate(d);
}
