// An organization's individual ratings on its public page (GET /organizations/{id}/star_ratings):
// stars, "nach einem Einsatz" when an approved shift there backs it, comment, author (first name
// and initial, as the server gives it) and date, newest first,
// five to a page with "Neuere"/"Ältere". Without ratings a friendly line invites the first one.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { organizationRatingsQueryOptions, type Rating } from '@/shared/api/ratings';
import { AfterShiftMark } from '@/shared/ui/after-shift-mark';
import form from '@/shared/ui/form.module.css';
import styles from './star-rating.module.css';

export const RATINGS_PER_PAGE = 5;

const dateFormat = new Intl.DateTimeFormat('de-DE', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Berlin' });

/** "4 von 5 Sternen" for screen readers; five stars, the given ones filled, for the eye. */
export function Stars({ stars }: { stars: number }) {
  return (
    <span role="img" aria-label={`${stars} von 5 Sternen`} className={styles.shown}>
      {[1, 2, 3, 4, 5].map((n) => (
        <span key={n} aria-hidden="true" className={n <= stars ? styles.on : styles.off}>
          ★
        </span>
      ))}
    </span>
  );
}

function RatingItem({ rating }: { rating: Rating }) {
  return (
    <li className={styles.item}>
      <Stars stars={rating.stars} />
      <AfterShiftMark afterShift={rating.afterShift} />
      {rating.comment && <p className={styles.comment}>{rating.comment}</p>}
      <p className={styles.byline}>
        {rating.author ?? 'Anonym'} am <time dateTime={rating.createdAt}>{dateFormat.format(new Date(rating.createdAt))}</time>
      </p>
    </li>
  );
}

/** `count`: the organization's number of ratings as its page already knows it. With none, the
 * invitation shows at once, without asking for the list: the page does not move when it arrives
 * (a one-line "werden geladen" grew into the three-line invitation, a layout shift on a phone). */
export function OrganizationRatings({ organizationId, name, count }: { organizationId: number; name: string; count?: number }) {
  const [page, setPage] = useState(1);
  const list = useQuery({ ...organizationRatingsQueryOptions(organizationId, page, RATINGS_PER_PAGE), enabled: count !== 0 });
  const invitation = <p>Noch hat niemand {name} bewertet. Du hast hier schon gearbeitet? Dann gib gern die erste Bewertung ab.</p>;
  if (count === 0) return invitation;
  if (list.isError) return <p role="alert">Die Bewertungen konnten gerade nicht geladen werden. Bitte versuche es später noch einmal.</p>;
  if (!list.data) return <p role="status">Bewertungen werden geladen …</p>;
  const total = list.data['hydra:totalItems'];
  if (total === 0) return invitation;
  const pages = Math.ceil(total / RATINGS_PER_PAGE);
  return (
    <>
      <ul className={styles.list} aria-label={`Bewertungen von ${name}`}>
        {list.data['hydra:member'].map((rating) => (
          <RatingItem key={rating.id} rating={rating} />
        ))}
      </ul>
      {pages > 1 && (
        <nav className={styles.pager} aria-label="Weitere Bewertungen">
          <button type="button" className={form.secondary} disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Neuere
          </button>
          <span>
            Seite {page} von {pages}
          </span>
          <button type="button" className={form.secondary} disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Ältere
          </button>
        </nav>
      )}
    </>
  );
}
