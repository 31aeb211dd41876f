// /recruiting/portal/bewerbungen: the organization's applications, newest first, overall or for one
// job (?stelle=), filtered by status (?status=) and paged (?seite=). The list carries no contact
// data; opening an applicant shows it (and the server logs that view). Each applicant says where
// the application came from ("Quelle: Indeed"), and a table above counts them per source.
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import form from '@/shared/ui/form.module.css';
import { PageLoading } from '@/shared/ui/page-loading';
import { applicantListQueryOptions, APPLICANTS_PER_PAGE, STATUS_NAMES } from '../api/applications';
import { FILTER_STATUSES, type ApplicantStatus } from '@/shared/portal/filters';
import { jobListQueryOptions } from '@/shared/portal/job-postings';
import type { OrganizationMember } from '@/shared/portal/member';
import { ApplicantStatusBadge } from '../components/applicant-status-badge';
import { ApplicantReliability } from '../components/applicant-reliability';
import { ApplicantsCsvLink } from '../components/applicants-csv-link';
import { ApplicationSourcesTable, sourceLine } from '../components/application-source';
import { BulkStatusForm, useApplicantSelection } from '../components/bulk-status-form';
import pipeline from '../components/pipeline.module.css';
import { RatingStars } from '../components/rating-stars';
import { Pager } from '@/shared/ui/pager';
import { PortalFrame } from '@/shared/portal/portal-frame';
import styles from '@/shared/portal/portal.module.css';
import { formatDate, formatDateTime } from '@/shared/portal/format';
import { portalPath, readApplicantFilter } from '@/shared/portal/paths';
import { providerMessage } from '@/shared/portal/messages';

export function ApplicantListPage() {
  return <PortalFrame title="Bewerbungen">{(member) => <ApplicantList member={member} />}</PortalFrame>;
}

function ApplicantList({ member }: { member: OrganizationMember }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { job, status, page } = readApplicantFilter(params);
  const organizationId = member.organization.id;
  const list = useQuery({ ...applicantListQueryOptions(organizationId, { jobPosting: job, status, page }), enabled: member.canAct });
  // The job filter offers the organization's jobs (the newest 100: enough for a choice list).
  const jobs = useQuery({ ...jobListQueryOptions(organizationId, undefined, 1, 100), enabled: member.canAct });
  const selection = useApplicantSelection();
  const shown = list.data?.['hydra:member'] ?? [];
  const chosen = shown.filter((a) => selection.chosen.has(a.id)).map((a) => a.id);

  if (!member.canAct) return <p>Sobald Ihr Zugang freigeschaltet ist, sehen Sie hier die Bewerbungen auf Ihre Stellenanzeigen.</p>;
  const statusLink = (value: ApplicantStatus | undefined) => portalPath.applicants({ job, status: value });
  return (
    <>
      <div className={form.field}>
        <label htmlFor="applicants-job">Stellenanzeige</label>
        <select
          id="applicants-job"
          value={job ?? ''}
          onChange={(e) => void navigate(portalPath.applicants({ job: Number(e.target.value) || undefined, status }))}
        >
          <option value="">Alle Stellenanzeigen</option>
          {jobs.data?.['hydra:member'].map((j) => (
            <option key={j.id} value={j.id}>
              {j.title}
            </option>
          ))}
        </select>
      </div>
      <nav className={styles.tabs} aria-label="Nach Status filtern">
        <Link to={statusLink(undefined)} aria-current={status === undefined ? 'page' : undefined}>
          Alle
        </Link>
        {FILTER_STATUSES.map((value) => (
          <Link key={value} to={statusLink(value)} aria-current={value === status ? 'page' : undefined}>
            {STATUS_NAMES[value]}
          </Link>
        ))}
      </nav>
      <ApplicationSourcesTable organizationId={organizationId} job={job} />
      {list.isPending && <PageLoading />}
      {list.isError && (
        <p role="alert">{providerMessage(list.error, 'Die Bewerbungen konnten gerade nicht geladen werden. Bitte laden Sie die Seite neu.')}</p>
      )}
      {list.data && list.data['hydra:member'].length === 0 && (
        <p>{status || job ? 'Zu dieser Auswahl gibt es keine Bewerbungen.' : 'Sie haben noch keine Bewerbungen erhalten.'}</p>
      )}
      {list.data && list.data['hydra:member'].length > 0 && <ApplicantsCsvLink organizationId={organizationId} jobId={job} />}
      {shown.length > 0 && (
        <label className={pipeline.select}>
          <input type="checkbox" checked={chosen.length === shown.length} onChange={() => selection.toggleAll(shown.map((a) => a.id))} />
          Alle auswählen
        </label>
      )}
      <BulkStatusForm organizationId={organizationId} ids={chosen} onDone={selection.clear} />
      {list.data && list.data['hydra:member'].length > 0 && (
        <ul className={styles.jobs} aria-busy={list.isFetching} aria-label="Bewerbungen">
          {list.data['hydra:member'].map((a) =>
            a.anonymized ? (
              // Past the retention period: the row stays for the counts, nobody is named or opened.
              <li key={a.id} className={styles.job}>
                <h2>
                  anonymisiert
                  <ApplicantStatusBadge status={a.status} />
                </h2>
                <p className={styles.meta}>
                  {`${a.jobPosting.title} · eingegangen am ${formatDateTime(a.createdAt)} · nach Ablauf der Aufbewahrungsfrist anonymisiert`}
                </p>
              </li>
            ) : (
            <li key={a.id} className={styles.job}>
              <h2 className={pipeline.select}>
                <input
                  type="checkbox"
                  aria-label={`${`${a.candidate.firstName} ${a.candidate.lastName}`.trim() || 'Bewerbung'} auswählen`}
                  checked={selection.chosen.has(a.id)}
                  onChange={() => selection.toggle(a.id)}
                />
                <Link to={portalPath.applicant(a.id, { job, status })}>{`${a.candidate.firstName} ${a.candidate.lastName}`.trim() || 'Bewerbung'}</Link>
                <ApplicantStatusBadge status={a.status} />
                {a.rating ? <RatingStars stars={a.rating} /> : null}
              </h2>
              <p className={styles.meta}>
                {[
                  a.jobPosting.title,
                  a.locations.map((l) => l.city).filter(Boolean).join(', '),
                  `eingegangen am ${formatDateTime(a.createdAt)}`,
                  sourceLine(a.source),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </p>
              {a.anonymizeAt && <p className={styles.meta}>Wird am {formatDate(a.anonymizeAt)} anonymisiert</p>}
              <ApplicantReliability reliability={a.reliability} className={styles.meta} />
            </li>
            ),
          )}
        </ul>
      )}
      {list.data && (
        <Pager
          page={page}
          total={list.data['hydra:totalItems']}
          perPage={APPLICANTS_PER_PAGE}
          href={(p) => portalPath.applicants({ job, status, page: p })}
        />
      )}
    </>
  );
}
