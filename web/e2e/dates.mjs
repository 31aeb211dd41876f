// Dates for the end-to-end tests, written once (the shift, search and alert tests share them): days
// counted from Berlin's today as the browser and the server count them ("today or later, Berlin"),
// and the ways the pages print a date.

export const WEEKDAYS = ['Sonntag', 'Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag'];

/** Berlin's date `days` from today, YYYY-MM-DD (as the browser computes the search filter's dates). */
export function berlinDay(days) {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  return addDays(today, days);
}

/** The calendar day `days` after (before, when negative) an ISO date, YYYY-MM-DD. */
export function addDays(iso, days) {
  const [y, m, d] = iso.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** A shift's date as the pages and mails print it: "05.12.2026". */
export function germanDate(iso) {
  const [y, m, d] = iso.split('-');
  return `${d}.${m}.${y}`;
}

/** "Donnerstag, 03.12." — how the portal's calendar names a day. */
export function dayName(iso) {
  return `${WEEKDAYS[new Date(`${iso}T12:00:00Z`).getUTCDay()]}, ${iso.slice(8, 10)}.${iso.slice(5, 7)}.`;
}

/** "Do 03.12." — how a result card names a shift's day. */
export function shortDayName(iso) {
  return `${WEEKDAYS[new Date(`${iso}T12:00:00Z`).getUTCDay()].slice(0, 2)} ${iso.slice(8, 10)}.${iso.slice(5, 7)}.`;
}
