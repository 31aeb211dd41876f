// One job's figures in the provider's job list: page views (30 days), applications, the end date
// and the days left. A job ended by hand says so instead of counting down to a date it no longer has.
import type { JobPosting } from '@/shared/portal/job-postings';
import { formatDate } from '@/shared/portal/format';
import { daysLeftLabel } from '../lib/job-stats';
import styles from '@/shared/portal/portal.module.css';

function endText(job: JobPosting): string {
  if (!job.validThrough) return 'ohne Enddatum';
  const ended = job.state === 'closed' && (job.daysLeft ?? 0) >= 0;
  const left = ended ? 'beendet' : daysLeftLabel(job.daysLeft);
  return `${formatDate(job.validThrough)}${left ? ` (${left})` : ''}`;
}

export function JobStats({ job }: { job: JobPosting }) {
  const applications = job.applicationsCount ?? 0;
  return (
    <dl className={styles.stats}>
      <div>
        <dt>Aufrufe (30 Tage)</dt>
        <dd>{(job.viewsLast30Days ?? 0).toLocaleString('de-DE')}</dd>
      </div>
      <div>
        <dt>Bewerbungen</dt>
        <dd>{applications.toLocaleString('de-DE')}</dd>
      </div>
      <div>
        <dt>Endet am</dt>
        <dd>{endText(job)}</dd>
      </div>
    </dl>
  );
}
