// German formatting of job values: money, distances, dates, salary units.
const euro = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' });
const date = new Intl.DateTimeFormat('de-DE', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Europe/Berlin' });

const UNITS: Record<string, string> = { hour: 'Stunde', day: 'Tag', week: 'Woche', month: 'Monat', year: 'Jahr', project: 'Projekt' };

export function formatMoney(value: number | string | null | undefined, currency = 'EUR'): string | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return String(value);
  return currency === 'EUR' ? euro.format(n) : new Intl.NumberFormat('de-DE', { style: 'currency', currency }).format(n);
}

export function formatSalary(value: number | null | undefined, unit?: string | null, currency?: string | null): string | null {
  const money = formatMoney(value ?? null, currency ?? 'EUR');
  if (!money) return null;
  return unit && UNITS[unit] ? `${money} pro ${UNITS[unit]}` : money;
}

/** Metres → "3 km" / "800 m". */
export function formatDistance(metres: number | null | undefined): string | null {
  if (metres === null || metres === undefined) return null;
  return metres < 1000 ? `${Math.round(metres)} m` : `${Math.round(metres / 1000)} km`;
}

export function formatDate(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : date.format(d);
}
