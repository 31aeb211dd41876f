// The candidate's reliability on the applicant card and page (issue 43, item 4; docs/shifts.md
// "Reliability and ratings after a shift"): how many shifts she worked and how often she did not
// appear in the last 90 days across Jobhafen — figures only, the server names no other employer —
// and the organization's own reliability ratings of her. Providers are addressed with "Sie".
import type { Reliability } from '../api/applications';

const decimal = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 1 });

function shifts(n: number) {
  return n === 1 ? '1 Einsatz gearbeitet' : `${n} Einsätze gearbeitet`;
}

function noShows(n: number) {
  return n === 0 ? 'nie „nicht erschienen“' : n === 1 ? '1-mal „nicht erschienen“' : `${n}-mal „nicht erschienen“`;
}

/** One line ("Letzte 90 Tage auf Jobhafen: 3 Einsätze gearbeitet, 1-mal „nicht erschienen“"), and the own ratings when there are any. */
export function ApplicantReliability({ reliability, className }: { reliability?: Reliability | null; className?: string }) {
  if (!reliability) return null;
  const { workedShifts, noShows: missed, days, ownRatings } = reliability;
  const figures =
    workedShifts === 0 && missed === 0
      ? `Letzte ${days} Tage auf Jobhafen: noch keine Einsätze`
      : `Letzte ${days} Tage auf Jobhafen: ${shifts(workedShifts)}, ${noShows(missed)}`;
  return (
    <p className={className} aria-label="Zuverlässigkeit">
      {figures}
      {ownRatings && (
        <>
          {' · '}
          Ihre Bewertung der Zuverlässigkeit: Ø {decimal.format(ownRatings.averageStars)} von 5 (
          {ownRatings.count === 1 ? '1 Bewertung' : `${ownRatings.count} Bewertungen`})
        </>
      )}
    </p>
  );
}
