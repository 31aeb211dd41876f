// One job in a list: title (link to the detail), organization, place and distance, activities,
// salary, the publication date (see ../lib/job-flags.ts), the special-offer badge, and "Frage
// stellen" inside the card when the list offers it (onAsk). A card draws again only when its own
// props change: the list passes the flags (useJobCardFlags) and callbacks that do not change from
// one drawing to the next.
import { memo } from 'react';
import { Link } from 'react-router';
import { shortShiftLabel } from '@/shared/api/shifts';
import form from '@/shared/ui/form.module.css';
import type { JobCard as Job } from '../api/jobs';
import { formatDate, formatDistance, formatSalary } from '../lib/format';
import type { JobCardFlags } from '../lib/job-flags';
import styles from './job-card.module.css';

/** Marks the configured special-offer job, on its card and its detail. */
export function SpecialOfferBadge() {
  return <p className={styles.badge} data-special-offer="">Sonderangebot</p>;
}

/**
 * A search by Einsatztage: the next one or two free shifts in those dates, "Sa 12.12., 10–18 Uhr ·
 * +3 weitere"; a shift kept for the organization's regulars first says so.
 */
function FreeShifts({ shifts }: { shifts: NonNullable<Job['freeShifts']> }) {
  const more = shifts.total - shifts.next.length;
  const parts = shifts.next.map((s) => shortShiftLabel(s) + (s.poolOnlyUntil ? ' (zuerst für Stammkräfte)' : ''));
  // The server counts at most 100 free shifts per card (review 22, finding 3): past that it says
  // totalCapped, and the card says "mehr als …" instead of a number it does not know.
  if (shifts.totalCapped) parts.push(`mehr als ${more} weitere`);
  else if (more > 0) parts.push(more === 1 ? '+1 weiterer' : `+${more} weitere`);
  return (
    <p className={styles.shifts} data-job-shifts="">
      <span className={styles.shiftsLabel}>{shifts.total === 1 ? 'Freier Einsatz:' : 'Freie Einsätze:'}</span> {parts.join(' · ')}
    </p>
  );
}

type Props = { job: Job; flags: JobCardFlags; headingLevel?: 2 | 3; onOpen?: (job: Job) => void; onAsk?: (job: Job) => void };

export const JobCard = memo(function JobCard({ job, flags, headingLevel = 2, onOpen, onAsk }: Props) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const { showPublished } = flags;
  const specialOffer = flags.specialOfferId === job.id;
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
          <Link to={`/jobs/${job.slug || job.id}`} onClick={onOpen && (() => onOpen(job))}>
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
          {distance && <span data-job-distance="">{distance}</span>}
          {salary && <span>{salary}</span>}
          {showPublished && job.publishedAt && <span data-job-published="">seit {formatDate(job.publishedAt)}</span>}
        </p>
        {job.freeShifts && job.freeShifts.next.length > 0 && <FreeShifts shifts={job.freeShifts} />}
        {job.activities.length > 0 && (
          <ul className={styles.tags} aria-label="Tätigkeiten">
            {job.activities.slice(0, 4).map((activity) => (
              <li key={activity.id}>{activity.name}</li>
            ))}
          </ul>
        )}
        {onAsk && job.organization && (
          <button type="button" className={`${form.secondary} ${styles.ask}`} onClick={() => onAsk(job)} aria-label={`Frage stellen: ${job.title}`}>
            Frage stellen
          </button>
        )}
      </div>
    </article>
  );
});
