// One job in a list: title (link to the detail), organization, place and distance, activities,
// salary, the publication date (see ../lib/job-flags.ts) and the special-offer badge.
import { Link } from 'react-router';
import type { JobCard as Job } from '../api/jobs';
import { formatDate, formatDistance, formatSalary } from '../lib/format';
import { useIsSpecialOffer, useShowPublished } from '../lib/job-flags';
import styles from './job-card.module.css';

/** Marks the configured special-offer job, on its card and its detail. */
export function SpecialOfferBadge() {
  return <p className={styles.badge} data-special-offer="">Sonderangebot</p>;
}

export function JobCard({ job, headingLevel = 2, onOpen }: { job: Job; headingLevel?: 2 | 3; onOpen?: () => void }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const showPublished = useShowPublished();
  const specialOffer = useIsSpecialOffer(job.id);
  // In a place search the nearest place of work is the one to show (the distance is its own).
  const place = job.locations.reduce<(typeof job.locations)[number] | undefined>(
    (best, l) => (best === undefined || (l.distance ?? Infinity) < (best.distance ?? Infinity) ? l : best),
    undefined,
  );
  const distance = formatDistance(job.distance ?? place?.distance);
  const salary = formatSalary(job.baseSalary, job.salaryUnit, job.salaryCurrency);
  return (
    <article className={styles.card} data-job-id={job.id}>
      {job.logo && <img className={styles.logo} src={job.logo} alt="" width={56} height={56} loading="lazy" />}
      <div className={styles.body}>
        <Heading className={styles.title}>
          <Link to={`/jobs/${job.slug || job.id}`} onClick={onOpen}>
            {job.title}
          </Link>
        </Heading>
        {specialOffer && <SpecialOfferBadge />}
        {job.organization?.name && <p className={styles.org}>{job.organization.name}</p>}
        <p className={styles.meta}>
          {place?.city && (
            <span data-job-city="">
              {place.city}
              {job.locations.length > 1 ? ` und ${job.locations.length - 1} weitere` : ''}
            </span>
          )}
          {distance && <span data-job-distance="">{distance} entfernt</span>}
          {salary && <span>{salary}</span>}
          {showPublished && job.publishedAt && <span data-job-published="">seit {formatDate(job.publishedAt)}</span>}
        </p>
        {job.activities.length > 0 && (
          <ul className={styles.tags} aria-label="Tätigkeiten">
            {job.activities.slice(0, 4).map((activity) => (
              <li key={activity.id}>{activity.name}</li>
            ))}
          </ul>
        )}
      </div>
    </article>
  );
}
