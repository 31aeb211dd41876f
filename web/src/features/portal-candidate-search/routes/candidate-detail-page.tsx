// /recruiting/portal/bewerberdatenbank/:id: one candidate of the candidate search, as the server
// shows it to providers (no contact data; opening it is logged on the server). The organization
// writes to the candidate through Jobhafen (the mail goes out from us; the address stays hidden)
// and marks the candidate as shortlisted or declined for itself.
import { useQuery } from '@tanstack/react-query';
import { useMutationForm } from '@/shared/forms/use-mutation-form';
import { ApiError } from '@/shared/api/client';
import { Link, useParams } from 'react-router';
import { useReferenceList } from '@/shared/api/reference-lists';
import { languageText } from '@/shared/lib/sedcard-options';
import form from '@/shared/ui/form.module.css';
import { PageLoading } from '@/shared/ui/page-loading';
import { candidateQueryOptions, useContactCandidate, useMarkCandidate, type CandidateDetail } from '../api/candidate-search';
import type { OrganizationMember } from '@/shared/portal/member';
import { TextArea } from '@/shared/portal/fields';
import { PortalFrame } from '@/shared/portal/portal-frame';
import styles from '@/shared/portal/portal.module.css';
import { formatDateTime } from '@/shared/portal/format';
import { providerMessage } from '@/shared/portal/messages';
import { portalPath } from '@/shared/portal/paths';
import { candidateName, labelOf, NotBooked, STATUS_LABELS, type Labels } from './candidate-search-page';

export const MAX_MESSAGE = 5000;

type Props = { employmentStatuses: Labels; workingTimes: Labels };

export function CandidateDetailPage(props: Props) {
  return (
    <PortalFrame title="Bewerberdatenbank">
      {(member) => (member.organization.candidateSearch ? <Detail member={member} {...props} /> : <NotBooked />)}
    </PortalFrame>
  );
}

function Detail({ member, employmentStatuses, workingTimes }: Props & { member: OrganizationMember }) {
  const id = Number(useParams().id);
  const organizationId = member.organization.id;
  const languages = useReferenceList('languages');
  const candidate = useQuery({ ...candidateQueryOptions(organizationId, id), enabled: member.canAct && Number.isSafeInteger(id) && id > 0 });
  const back = (
    <p>
      <Link to={portalPath.candidates()}>« Zurück zur Suche</Link>
    </p>
  );
  if (!member.canAct) return back;
  if (candidate.isPending) return <PageLoading />;
  if (candidate.isError)
    return (
      <>
        <p role="alert">{providerMessage(candidate.error, 'Dieses Profil konnte gerade nicht geladen werden. Bitte versuchen Sie es noch einmal.')}</p>
        {back}
      </>
    );
  const c = candidate.data;
  return (
    <>
      {back}
      <article className={styles.job} aria-label="Profil">
        <h2>
          {candidateName(c)}
          {STATUS_LABELS[c.searchStatus] && <span className={styles.badge}>{STATUS_LABELS[c.searchStatus]}</span>}
        </h2>
        <p className={styles.meta}>
          {[c.ageBand && `${c.ageBand} Jahre`, c.city ?? 'Ort unbekannt', labelOf(employmentStatuses, c.employmentStatus), `Profil zu ${c.completenessPercent} % vollständig`]
            .filter(Boolean)
            .join(' · ')}
        </p>
        {c.portrait && <img src={c.portrait} alt={`Foto von ${candidateName(c)}`} width={160} />}
        {c.profileSummary && <p>{c.profileSummary}</p>}
        <dl>
          {c.activities.length > 0 && (
            <>
              <dt>Tätigkeiten</dt>
              <dd>{c.activities.map((a) => a.name).join(', ')}</dd>
            </>
          )}
          {c.workingTimes.length > 0 && (
            <>
              <dt>Verfügbarkeit</dt>
              <dd>{c.workingTimes.map((t) => labelOf(workingTimes, t)).join(', ')}</dd>
            </>
          )}
          {c.languages && c.languages.length > 0 && (
            <>
              <dt>Sprachen</dt>
              <dd>{c.languages.map((l) => languageText(languages, l)).join(', ')}</dd>
            </>
          )}
          {c.mobility?.drivingLicenses && c.mobility.drivingLicenses.length > 0 && (
            <>
              <dt>Führerschein</dt>
              <dd>{c.mobility.drivingLicenses.join(', ')}</dd>
            </>
          )}
          {[...(c.promotionExperiences ?? []), ...(c.workExperiences ?? [])].length > 0 && (
            <>
              <dt>Erfahrung</dt>
              <dd>
                {[...(c.promotionExperiences ?? []), ...(c.workExperiences ?? [])]
                  .map((e) => [e.title, e.organization].filter(Boolean).join(' bei '))
                  .join('; ')}
              </dd>
            </>
          )}
        </dl>
      </article>
      <Marks organizationId={organizationId} candidate={c} />
      <Contact organizationId={organizationId} candidate={c} />
    </>
  );
}

function Marks({ organizationId, candidate }: { organizationId: number; candidate: CandidateDetail }) {
  const mark = useMarkCandidate(organizationId, candidate.id);
  const busy = mark.isPending ? mark.variables : null;
  return (
    <div className={form.row} role="group" aria-label="Für Ihr Unternehmen markieren">
      <button type="button" className={form.secondary} disabled={mark.isPending || candidate.searchStatus === 'shortlisted'} onClick={() => mark.mutate('shortlisted')}>
        {busy === 'shortlisted' ? 'Wird vorgemerkt …' : candidate.searchStatus === 'shortlisted' ? 'Vorgemerkt' : 'Vormerken'}
      </button>
      <button type="button" className={form.secondary} disabled={mark.isPending || candidate.searchStatus === 'declined'} onClick={() => mark.mutate('declined')}>
        {busy === 'declined' ? 'Wird abgelehnt …' : candidate.searchStatus === 'declined' ? 'Abgelehnt' : 'Ablehnen'}
      </button>
      {mark.isError && <p role="alert">{providerMessage(mark.error)}</p>}
    </div>
  );
}

/** The server's own words for "once a day" (429); everything else as for every portal action. */
function contactMessage(error: unknown): string {
  const message = error instanceof ApiError && error.status === 429 ? (error.body as { message?: string } | undefined)?.message : undefined;
  return message || providerMessage(error);
}

/** A message is written, and not too long (the server's bound). */
const writtenMessage = (v: unknown) => {
  const text = String(v ?? '');
  if (!text.trim()) return 'Bitte schreiben Sie eine Nachricht.';
  return text.length > MAX_MESSAGE ? `Ihre Nachricht ist zu lang. Erlaubt sind höchstens ${MAX_MESSAGE} Zeichen.` : null;
};

function Contact({ organizationId, candidate }: { organizationId: number; candidate: CandidateDetail }) {
  const contact = useContactCandidate(organizationId, candidate.id);
  const { form: state, ref, onSubmit, busy, field, refusal } = useMutationForm({
    mutation: { isPending: contact.isPending, mutateAsync: ({ message }: { message: string }) => contact.mutateAsync(message.trim()) },
    defaultValues: { message: '' },
    rules: { message: [writtenMessage] },
    onSuccess: () => state.reset({ message: '' }),
    describe: contactMessage,
  });
  const message = field('message');
  const sent = contact.isSuccess;

  return (
    <form ref={ref} className={styles.form} onSubmit={onSubmit} aria-label="Nachricht schreiben">
      <h2>{`Nachricht an ${candidate.firstName || 'diese Person'}`}</h2>
      <p>
        Ihre Nachricht schicken wir per E-Mail über Jobhafen, zusammen mit dem Namen Ihres Unternehmens. Die Kontaktdaten der Person bleiben geschützt – sie meldet
        sich bei Ihnen, wenn sie Interesse hat.
      </p>
      {candidate.lastContactedAt && <p className={styles.meta}>Zuletzt angeschrieben am {formatDateTime(candidate.lastContactedAt)}</p>}
      <TextArea label="Ihre Nachricht" rows={6} maxLength={MAX_MESSAGE} {...message} error={message.error ?? refusal} />
      <div className={form.row}>
        <button type="submit" className={form.yellow} disabled={busy}>
          {busy ? 'Wird gesendet …' : 'Nachricht senden'}
        </button>
      </div>
      {sent && !busy && (
        <p role="status">Ihre Nachricht ist unterwegs. Wir haben sie per E-Mail an {candidate.firstName || 'die Person'} geschickt.</p>
      )}
    </form>
  );
}
