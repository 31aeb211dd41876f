// /meine-bewerbungen: the candidate's applications, newest first (GET /applications/my), each
// with its job, date and status; an application sent with the registration shows that it waits for
// the confirmation of the e-mail address; a forwarded one shows its conversation with the organization.
// 50 a page (?seite=), so none is out of reach.
import { Link, useSearchParams } from 'react-router';
import { Pager, pageOf } from '@/shared/ui/pager';
import type { Application } from '@/shared/api/applications';
import { ApplicationConversation } from '@/shared/conversation/conversation';
import { PageLoading } from '@/shared/ui/page-loading';
import { APPLICATIONS_PER_PAGE, useMyApplications } from '../api/my-applications';

export const STATUS_LABELS: Record<Application['status'], string> = {
  sent: 'Gesendet',
  seen: 'Vom Jobanbieter angesehen',
  accepted: 'Zusage',
  declined: 'Absage',
  shortlisted: 'In der engeren Auswahl',
  invited: 'Zum Gespräch eingeladen',
  hired: 'Eingestellt',
};

export function statusLabel(application: Pick<Application, 'status' | 'forwarded' | 'anonymized'>): string {
  if (!application.forwarded) return 'Wartet auf die Bestätigung deiner E-Mail-Adresse';
  // The organization's retention period is over: it no longer has the application's data.
  if (application.anonymized) return 'Abgelaufen';
  return STATUS_LABELS[application.status] ?? application.status;
}

const candidateStatusName = (status: string) => STATUS_LABELS[status as Application['status']] ?? status;

const dateFormat = new Intl.DateTimeFormat('de-DE', { day: '2-digit', month: '2-digit', year: 'numeric' });

export function MyApplicationsPage() {
  const [params] = useSearchParams();
  const page = pageOf(params);
  const applications = useMyApplications(page);
  if (applications.isPending) return <PageLoading />;
  if (applications.isError) return <p role="alert">Deine Bewerbungen konnten gerade nicht geladen werden. Bitte lade die Seite neu.</p>;
  const list = applications.data['hydra:member'];
  const total = applications.data['hydra:totalItems'] ?? list.length;
  if (list.length === 0 && page === 1) {
    return (
      <p>
        Du hast dich noch auf keinen Job beworben. <Link to="/jobs">Jetzt Jobs finden</Link>
      </p>
    );
  }
  return (
    <>
    <ul aria-label="Deine Bewerbungen">
      {list.map((application) => (
        <li key={application.id}>
          <Link to={`/jobs/${application.jobPosting.slug}`}>{application.jobPosting.title}</Link> bei {application.jobPosting.organization.name} – beworben am{' '}
          {dateFormat.format(new Date(application.createdAt))} – Status: <strong>{statusLabel(application)}</strong>
          {application.anonymized && (
            <p>Der Jobanbieter hat deine Daten zu dieser Bewerbung nach Ablauf seiner Aufbewahrungsfrist gelöscht.</p>
          )}
          {application.forwarded && !application.anonymized && <ApplicationConversation applicationId={application.id} tone="du" otherName={application.jobPosting.organization.name} statusName={candidateStatusName} />}
        </li>
      ))}
    </ul>
    <Pager page={page} total={total} perPage={APPLICATIONS_PER_PAGE} href={(p) => `/meine-bewerbungen${p > 1 ? `?seite=${p}` : ''}`} />
    </>
  );
}
