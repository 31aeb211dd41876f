// /recruiting/portal/bewerbungen/:id: one application as the candidate sent it (cover text, chosen
// places, the sedcard fields applying requires, contact data, the documents of the candidate's
// profile to open), where it came from ("Quelle: Indeed"), the shifts chosen with it to confirm or decline (issue 41), the candidate's worked shifts and no-shows (figures only), the sedcard as PDF, and the status
// with an optional message that the server mails to the candidate. Opening a new application
// marks it "seen" (the candidate then reads "Vom Jobanbieter angesehen"); the server logs every
// opening as a view of the candidate's data.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useReferenceList } from '@/shared/api/reference-lists';
import { ApplicationConversation } from '@/shared/conversation/conversation';
import {
  COMMUNICATION_TYPES,
  DOCUMENT_TYPES,
  GENDERS,
  JOB_EMPLOYMENT_STATUSES,
  labelOf as label,
  languageText,
  SKILL_LEVELS,
} from '@/shared/lib/sedcard-options';
import form from '@/shared/ui/form.module.css';
import { PageLoading } from '@/shared/ui/page-loading';
import { applicantQueryOptions, STATUS_NAMES, useApplicantStatus, type Applicant } from '../api/applications';
import type { ApplicantStatus } from '@/shared/portal/filters';
import type { OrganizationMember } from '@/shared/portal/member';
import { ApplicantNeighbours } from '../components/applicant-neighbours';
import { ApplicantPrivate } from '../components/applicant-private';
import { PoolInvite } from '../components/pool-invite';
import { ApplicantSource } from '../components/application-source';
import { ApplicantReliability } from '../components/applicant-reliability';
import { ApplicantShifts } from '../components/applicant-shifts';
import { ApplicantStatusBadge } from '../components/applicant-status-badge';
import { SedcardPdfLink } from '../components/sedcard-pdf-link';
import { statusChange, StatusFields, type StatusValues } from '../components/status-fields';
import { useMutationForm } from '@/shared/forms/use-mutation-form';
import { PortalFrame } from '@/shared/portal/portal-frame';
import styles from '@/shared/portal/portal.module.css';
import { formatDate, formatDateTime } from '@/shared/portal/format';
import { providerMessage } from '@/shared/portal/messages';
import { portalPath, readApplicantFilter } from '@/shared/portal/paths';

export function ApplicantPage() {
  // A new view per applicant ("Nächste(r)" stays on this page): its own "seen" mark and form state.
  const { id } = useParams();
  return <PortalFrame title="Bewerbung">{(member) => <ApplicantView key={id} member={member} />}</PortalFrame>;
}

function ApplicantView({ member }: { member: OrganizationMember }) {
  const id = Number(useParams().id);
  // The list it was opened from (its filter in the address): "Vorherige(r)" / "Nächste(r)" follow it.
  const list = readApplicantFilter(useSearchParams()[0]);
  const organizationId = member.organization.id;
  const applicant = useQuery({ ...applicantQueryOptions(organizationId, id), enabled: Number.isInteger(id) && id > 0 });
  const markSeen = useApplicantStatus(organizationId, id);
  const marked = useRef(false);
  const status = applicant.data?.status;

  useEffect(() => {
    if (status === 'sent' && !marked.current) {
      marked.current = true;
      markSeen.mutate({ status: 'seen' });
    }
  }, [status, markSeen]);

  if (applicant.isPending) return <PageLoading />;
  if (applicant.isError)
    return (
      <>
        <p role="alert">{providerMessage(applicant.error, 'Diese Bewerbung konnte gerade nicht geladen werden. Bitte laden Sie die Seite neu.')}</p>
        <p>
          <Link to={portalPath.applicants()}>Zurück zu den Bewerbungen</Link>
        </p>
      </>
    );
  const a = applicant.data;
  return (
    <>
      <p>
        <Link to={portalPath.applicants({ job: a.jobPosting.id })}>« Alle Bewerbungen auf diese Stellenanzeige</Link>
      </p>
      <h2>
        {`${a.candidate.firstName} ${a.candidate.lastName}`.trim()}
        <ApplicantStatusBadge status={a.status} />
      </h2>
      <p className={styles.meta}>
        Bewerbung auf <Link to={portalPath.job(a.jobPosting.id)}>{a.jobPosting.title}</Link> · eingegangen am {formatDateTime(a.createdAt)}
      </p>
      <ApplicantSource source={a.source} className={styles.meta} />
      {a.anonymizeAt && (
        <p className={styles.meta}>
          Wird am {formatDate(a.anonymizeAt)} anonymisiert: Danach sehen Sie zu dieser Bewerbung weder Namen noch Kontaktdaten,
          Sedcard, Dokumente, Nachrichten, Notizen oder Bewertung (Aufbewahrungsfrist Ihres Unternehmens).
        </p>
      )}
      {!a.anonymized && (
        <PoolInvite organizationId={organizationId} applicationId={a.id} nearingAnonymization={Boolean(a.anonymizeAt)} className={styles.meta} />
      )}
      <ApplicantReliability reliability={a.reliability} className={styles.meta} />
      <SedcardPdfLink applicationId={a.id} fileName={`Sedcard ${a.candidate.firstName} ${a.candidate.lastName}.pdf`.replace(/\s+/g, ' ')} />
      <ApplicationData applicant={a} />
      {!a.anonymized && <ApplicantShifts jobId={a.jobPosting.id} applicationId={a.id} canAct={member.canAct} />}
      <ApplicantPrivate organizationId={organizationId} applicationId={a.id} />
      <StatusForm applicant={a} organizationId={organizationId} />
      <ApplicationConversation applicationId={a.id} tone="Sie" otherName={`${a.candidate.firstName} ${a.candidate.lastName}`.trim() || 'die Bewerberin / den Bewerber'} statusName={(s) => STATUS_NAMES[s as ApplicantStatus] ?? s} />
      <ApplicantNeighbours organizationId={organizationId} applicationId={a.id} filter={{ jobPosting: list.job, status: list.status }} />
    </>
  );
}

function ApplicationData({ applicant: a }: { applicant: Applicant }) {
  const languages = useReferenceList('languages');
  const activities = useReferenceList('activities');
  const s = a.candidate.sedcard ?? {};
  const address = s.addresses?.[0];
  const rows: [string, string][] = [
    ['E-Mail', a.candidate.email ?? ''],
    ...(s.communicationData ?? []).filter((c) => c.type !== 'email').map((c): [string, string] => [label(COMMUNICATION_TYPES, c.type), c.value]),
    ['Geschlecht', label(GENDERS, s.gender)],
    ['Adresse', address ? [address.street, [address.zipcode, address.city].filter(Boolean).join(' ')].filter(Boolean).join(', ') : ''],
    ['Beschäftigungsstatus', label(JOB_EMPLOYMENT_STATUSES, s.jobEmployment?.jobEmploymentStatus)],
    [
      'Sprachen',
      (s.languages ?? []).map((l) => languageText(languages, l)).join(', '),
    ],
    [
      'Tätigkeiten',
      (s.activitySkills ?? [])
        .map((k) => `${activities.find((e) => e.code === k.skill)?.name ?? k.skill}${k.level ? ` (${label(SKILL_LEVELS, k.level)})` : ''}`)
        .join(', '),
    ],
  ];
  return (
    <section aria-label="Angaben der Bewerbung" className={styles.job}>
      <h3>Anschreiben</h3>
      <p style={{ whiteSpace: 'pre-line' }}>{a.notes || 'Ohne Anschreiben.'}</p>
      <h3>Gewünschte Einsatzorte</h3>
      <p>{a.locations.map((l) => l.city).filter(Boolean).join(', ') || 'Keine Angabe'}</p>
      <h3>Angaben aus der Sedcard</h3>
      <dl className={styles.facts}>
        {rows
          .filter(([, value]) => value)
          .map(([name, value], i) => (
            <div key={`${name}-${i}`}>
              <dt>{name}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
      <h3>Dokumente</h3>
      {(a.candidate.documents ?? []).length === 0 ? (
        <p>Keine Dokumente hinterlegt.</p>
      ) : (
        <ul aria-label="Dokumente">
          {(a.candidate.documents ?? []).map((d) => (
            <li key={d.id}>
              <strong>{label(DOCUMENT_TYPES, d.type)}</strong>
              {d.notes ? ` – ${d.notes}` : ''}
              <ul>
                {d.attachments.map((f) => (
                  <li key={f.id}>
                    <a href={f.contentUrl} target="_blank" rel="noopener">
                      {f.fileName || 'Datei'} öffnen
                    </a>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function StatusForm({ applicant, organizationId }: { applicant: Applicant; organizationId: number }) {
  const change = useApplicantStatus(organizationId, applicant.id);
  const { form: state, ref, onSubmit, busy, error, refusal } = useMutationForm<StatusValues>({
    mutation: { isPending: change.isPending, mutateAsync: (values) => change.mutateAsync(statusChange(values)) },
    defaultValues: { status: applicant.status === 'sent' ? 'seen' : applicant.status, message: '' },
    onSuccess: () => state.setValue('message', ''),
    describe: (failure) => providerMessage(failure),
  });
  // The server says what became of the candidate's mail (a newer status replaces a waiting one; a
  // few mails a day at most): its words, not a promise of our own.
  const done =
    change.isSuccess && !busy ? `Der Status „${STATUS_NAMES[change.variables.status]}“ ist gespeichert. ${change.data?.statusMail?.message ?? ''}`.trim() : null;

  return (
    <form ref={ref} onSubmit={onSubmit} className={styles.form} aria-label="Status ändern" noValidate>
      <h3>Status ändern</h3>
      <StatusFields
        idPrefix="applicant"
        status={state.register('status')}
        message={state.register('message')}
        typed={state.watch('message')}
        messageLabel="Nachricht an die Bewerberin / den Bewerber (optional)"
        mailHint="Die Nachricht geht mit dem Status per E-Mail an die Person."
        rows={5}
        errors={{ status: error('status'), message: error('message') }}
      />
      {refusal !== undefined && <p role="alert">{refusal}</p>}
      {done && <p role="status">{done}</p>}
      <div className={form.row}>
        <button type="submit" className={form.button} disabled={busy}>
          {busy ? 'Wird gespeichert …' : 'Status speichern'}
        </button>
      </div>
    </form>
  );
}
