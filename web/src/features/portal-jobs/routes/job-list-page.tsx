// /recruiting/portal/stellenanzeigen: the organization's job postings, newest change first,
// filtered by state (?status=) and paged (?seite=), each with its state, places, its figures (page
// views in 30 days, applications, end date and days left: JobStats) and the actions its state allows.
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import form from '@/shared/ui/form.module.css';
import { PageLoading } from '@/shared/ui/page-loading';
import { JOB_POSTING_STATES, type JobPostingState } from '@/shared/portal/filters';
import { jobListQueryOptions, JOBS_PER_PAGE } from '@/shared/portal/job-postings';
import type { OrganizationMember } from '@/shared/portal/member';
import { JobActions } from '../components/job-actions';
import { JobStats } from '../components/job-stats';
import { Pager } from '@/shared/ui/pager';
import { PortalFrame } from '@/shared/portal/portal-frame';
import styles from '@/shared/portal/portal.module.css';
import { StateBadge } from '../components/state-badge';
import { formatDateTime } from '@/shared/portal/format';
import { VIEWS_HINT } from '../lib/job-stats';
import { portalPath } from '@/shared/portal/paths';

const TABS: [JobPostingState | undefined, string][] = [
  [undefined, 'Alle'],
  ['draft', 'Entwürfe'],
  ['published', 'Veröffentlicht'],
  ['review', 'Wartet auf Prüfung'],
  ['paused', 'Pausiert'],
  ['closed', 'Beendet'],
];

export function JobListPage() {
  return <PortalFrame title="Stellenanzeigen">{(member) => <JobList member={member} />}</PortalFrame>;
}

function JobList({ member }: { member: OrganizationMember }) {
  const [params] = useSearchParams();
  const status = params.get('status');
  const state = JOB_POSTING_STATES.find((s) => s === status);
  const page = Math.max(1, Number.parseInt(params.get('seite') ?? '1', 10) || 1);
  const organizationId = member.organization.id;
  const list = useQuery(jobListQueryOptions(organizationId, state, page));

  return (
    <>
      <div className={form.row}>
        {member.canAct && (
          <Link className={form.yellow} to={portalPath.newJob()}>
            Neue Stellenanzeige erstellen
          </Link>
        )}
        {member.canAct && (
          <Link className={form.secondary} to={portalPath.jobImport()}>
            Stellen importieren
          </Link>
        )}
      </div>
      <nav className={styles.tabs} aria-label="Nach Status filtern">
        {TABS.map(([value, label]) => (
          <Link key={label} to={portalPath.jobs(value)} aria-current={value === state ? 'page' : undefined}>
            {label}
          </Link>
        ))}
      </nav>
      {list.isPending && <PageLoading />}
      {list.isError && <p role="alert">Ihre Stellenanzeigen konnten gerade nicht geladen werden. Bitte laden Sie die Seite neu.</p>}
      {list.data && list.data['hydra:member'].length === 0 && <p>{state ? 'In diesem Status haben Sie keine Stellenanzeigen.' : 'Sie haben noch keine Stellenanzeige angelegt.'}</p>}
      {list.data && list.data['hydra:member'].length > 0 && <p className={styles.meta}>{VIEWS_HINT}</p>}
      {list.data && list.data['hydra:member'].length > 0 && (
        <ul className={styles.jobs} aria-busy={list.isFetching}>
          {list.data['hydra:member'].map((job) => (
            <li key={job.id} className={styles.job}>
              <h2>
                {job.state === 'closed' ? job.title : <Link to={portalPath.job(job.id)}>{job.title}</Link>}
                <StateBadge state={job.state} />
                {job.payMissing && job.state !== 'closed' && <span className={styles.badge}>Lohnangabe fehlt</span>}
              </h2>
              <p className={styles.meta}>
                {[
                  job.locations.map((l) => l.city).filter(Boolean).join(', ') || 'Kein Einsatzort',
                  job.updatedAt && `geändert am ${formatDateTime(job.updatedAt)}`,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </p>
              <JobStats job={job} />
              {(job.applicationsCount ?? 0) > 0 && member.canAct && (
                <p>
                  <Link to={portalPath.applicants({ job: job.id })}>Bewerbungen auf diese Anzeige ansehen</Link>
                </p>
              )}
              {job.state !== 'closed' && (
                <p>
                  <Link to={portalPath.jobShifts(job.id)}>Einsätze verwalten</Link>
                </p>
              )}
              <JobActions job={job} organizationId={organizationId} canAct={member.canAct} />
            </li>
          ))}
        </ul>
      )}
      {list.data && <Pager page={page} total={list.data['hydra:totalItems']} perPage={JOBS_PER_PAGE} href={(p) => portalPath.jobs(state, p)} />}
    </>
  );
}
