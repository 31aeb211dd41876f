// The figures of a job in the provider's list and overview (issue 29): what the view count
// counts, said where the number stands, and the days an ad has left, in words.

/** What "Aufrufe" counts (docs/decisions.md, "Job views counted on the server"). */
export const VIEWS_HINT =
  'Aufrufe der Stellenseite in den letzten 30 Tagen, ohne Cookies gezählt: jeder Browser einmal am Tag, auch wenn er die Seite öfter lädt; ohne Suchmaschinen-Bots und ohne Besuche Ihres eigenen Teams.';

/** `daysLeft` of the server (Berlin days to the end date) as the list says it; '' without an end date. */
export function daysLeftLabel(daysLeft: number | null | undefined): string {
  if (daysLeft === null || daysLeft === undefined) return '';
  if (daysLeft < 0) return 'abgelaufen';
  if (daysLeft === 0) return 'endet heute';
  return daysLeft === 1 ? 'noch 1 Tag' : `noch ${daysLeft.toLocaleString('de-DE')} Tage`;
}
