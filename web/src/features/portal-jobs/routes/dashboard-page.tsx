// /recruiting/portal: the provider's overview. Active ads against the quota (from the member),
// new applications and the views of its jobs' pages in the last 30 days (GET
// /organizations/{id}/dashboard; the server's cookieless counter, the job list's figure summed),
// drafts and paused ads (the totals of the job list), the latest changed ads, and the ways on.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import form from '@/shared/ui/form.module.css';
import { dashboardQueryOptions } from '../api/dashboard';
import type { JobPostingState } from '@/shared/portal/filters';
import { jobListQueryOptions } from '@/shared/portal/job-postings';
import type { OrganizationMember } from '@/shared/portal/member';
import { PortalFrame } from '@/shared/portal/portal-frame';
import styles from '@/shared/portal/portal.module.css';
import { StateBadge } from '../components/state-badge';
import { formatDateTime } from '@/shared/portal/format';
import { VIEWS_HINT } from '../lib/job-stats';
import { portalPath } from '@/shared/portal/paths';

export function DashboardPage() {
  return <PortalFrame title="Übersicht">{(member) => <Dashboard member={member} />}</PortalFrame>;
}

function CountTile({ organizationId, state, label }: { organizationId: number; state: JobPostingState; label: string }) {
  const count = useQuery(jobListQueryOptions(organizationId, state, 1, 1));
  return (
    <div className={styles.tile}>
      <p className={styles.figure}>{count.data ? count.data['hydra:totalItems'] : '–'}</p>
      <p>
        <Link to={portalPath.jobs(state)}>{label}</Link>
      </p>
    </div>
  );
}

/** New applications and job views: only an active member gets them (the server says 404 before). */
function ApplicantTiles({ member }: { member: OrganizationMember }) {
  const numbers = useQuery({ ...dashboardQueryOptions(member.organization.id), enabled: member.canAct });
  const figure = (n: number | undefined) => (n === undefined ? '–' : n.toLocaleString('de-DE'));
  return (
    <>
      <div className={styles.tile}>
        <p className={styles.figure}>{figure(numbers.data?.newApplications)}</p>
        <p>
          <Link to={portalPath.applicants({ status: 'sent' })}>Neue Bewerbungen</Link>
        </p>
      </div>
      <div className={styles.tile}>
        <p className={styles.figure}>{figure(numbers.data?.jobViewsLast30Days)}</p>
        <p>Aufrufe Ihrer Anzeigen</p>
        <p className={styles.meta}>{VIEWS_HINT}</p>
      </div>
    </>
  );
}

function Dashboard({ member }: { member: OrganizationMember }) {
  const { organization } = member;
  const latest = useQuery(jobListQueryOptions(organization.id, undefined, 1, 5));
  const free = Math.max(0, organization.activeAdQuota - organization.activeAds);
  return (
    <>
      <section aria-label="Kennzahlen" className={styles.tiles}>
        <div className={styles.tile}>
          <p className={styles.figure}>
            {organization.activeAds} von {organization.activeAdQuota}
          </p>
          <p>
            <Link to={portalPath.jobs('published')}>Aktive Anzeigen</Link>
          </p>
          <p className={styles.meta}>{free === 1 ? 'Noch 1 Anzeige frei' : `Noch ${free} Anzeigen frei`}</p>
        </div>
        <ApplicantTiles member={member} />
        <CountTile organizationId={organization.id} state="draft" label="Entwürfe" />
        <CountTile organizationId={organization.id} state="paused" label="Pausierte Anzeigen" />
      </section>

      <div className={form.row}>
        {member.canAct && (
          <Link className={form.yellow} to={portalPath.newJob()}>
            Neue Stellenanzeige erstellen
          </Link>
        )}
        <Link className={form.secondary} to={portalPath.profile()}>
          Unternehmensprofil bearbeiten
        </Link>
      </div>

      <h2>Zuletzt bearbeitet</h2>
      {latest.isError && <p role="alert">Ihre Stellenanzeigen konnten gerade nicht geladen werden. Bitte laden Sie die Seite neu.</p>}
      {latest.data && latest.data['hydra:member'].length === 0 && <p>Sie haben noch keine Stellenanzeige angelegt.</p>}
      {latest.data && latest.data['hydra:member'].length > 0 && (
        <ul className={styles.jobs}>
          {latest.data['hydra:member'].map((job) => (
            <li key={job.id} className={styles.job}>
              <h3>
                <Link to={portalPath.job(job.id)}>{job.title}</Link>
                <StateBadge state={job.state} />
              </h3>
              {job.updatedAt && <p className={styles.meta}>Zuletzt geändert am {formatDateTime(job.updatedAt)}</p>}
            </li>
          ))}
        </ul>
      )}
      {latest.data && latest.data['hydra:totalItems'] > 5 && (
        <p>
          <Link to={portalPath.jobs()}>Alle Stellenanzeigen ansehen</Link>
        </p>
      )}
    </>
  );
}
