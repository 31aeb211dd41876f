// Dates in the portal: German, Berlin time; the editor's date field works with the Berlin day. And
// amounts as providers type them (the job editor's and the shift form's pay).
const dateTime = new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Berlin' });
const date = new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeZone: 'Europe/Berlin' });
const isoDay = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'Europe/Berlin' });

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : dateTime.format(d);
}

/** An ISO time as its Berlin date, "31.12.2026". */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : date.format(d);
}

/** An ISO time as the Berlin day `YYYY-MM-DD` (what `<input type="date">` shows and the API takes). */
export function berlinDay(iso: string | null | undefined): string {
  if (!iso) return '';
  if (/^\d{4}-\d{2}-\d{2}$/.test(iso)) return iso;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : isoDay.format(d);
}

/** "14,50" and "1.000,50" as well as "14.5": a comma makes dots thousands separators. */
export const germanNumber = (value: string) => Number(value.includes(',') ? value.replace(/\./g, '').replace(',', '.') : value);
