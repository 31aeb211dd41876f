// A 1–5 rating as stars, with its words for screen readers; the team's private rating of an
// applicant in the list (docs/providers.md, "Pipeline tools").
import styles from './pipeline.module.css';

export function RatingStars({ stars }: { stars: number }) {
  return (
    <span className={styles.stars} role="img" aria-label={`Ihre Bewertung: ${stars} von 5 Sternen`}>
      {'★'.repeat(stars)}
      <span className={styles.starsOff}>{'★'.repeat(5 - stars)}</span>
    </span>
  );
}
