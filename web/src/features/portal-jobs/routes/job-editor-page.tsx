// /recruiting/portal/stellenanzeigen/neu and /{id}: the job editor. Every job field, places with the
// place suggestions of the job search (two or more; each with street and postal code), and beside
// the form a live preview of the public job page. "Entwurf speichern" stores (a new job: POST, then
// its address); "Speichern und veröffentlichen" stores and publishes in one request (`?publish=1`:
// when the job cannot be published nothing is stored, a new job is not created, and the page says
// so). Client rules first; the server's 422 puts each message under its field (the ones no field
// shows are listed); the quota's 409 and other failures show the server's German message. The place
// field and the preview come from the app (they belong to the job search), as render functions.
// Below the form the channels the job is published in, with their cost (ChannelChoices).
// The form is the one form library's (useMutationForm): the values live in React Hook Form, the
// editor's rules (checkJobForm) run through its `check`, both kinds of save are one mutation whose
// variables say which (`publish`), and its pending state is the buttons' busy state.
import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo, type BaseSyntheticEvent, type ReactNode } from 'react';
import type { Path } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '@/shared/api/client';
import { useReferenceList } from '@/shared/api/reference-lists';
import { useMutationForm } from '@/shared/forms/use-mutation-form';
import form from '@/shared/ui/form.module.css';
import { notify } from '@/shared/ui/notifications';
import { PageLoading } from '@/shared/ui/page-loading';
import { TextField } from '@/shared/ui/text-field';
import { jobQueryOptions, type JobPosting } from '@/shared/portal/job-postings';
import { createJobPosting, patchJobPosting, useRefreshAfterJobChange, useWordingCheck } from '../api/job-changes';
import type { OrganizationMember } from '@/shared/portal/member';
import { Choices, FormMessages, SelectField, TextArea } from '@/shared/portal/fields';
import { IN_REVIEW, JobActions } from '../components/job-actions';
import { PortalFrame } from '@/shared/portal/portal-frame';
import styles from '@/shared/portal/portal.module.css';
import { ChannelChoices } from '../components/channel-choices';
import { StateBadge } from '../components/state-badge';
import { WordingNotes } from '../components/wording-notes';
import {
  checkJobForm,
  emptyJobForm,
  emptyLocation,
  formErrors,
  formToBody,
  hourlyEquivalent,
  JOB_FIELD_LABELS,
  jobToForm,
  SALARY_UNITS,
  WAGE_EXEMPTIONS,
  wordingTexts,
  type JobForm,
  type LocationRow,
} from '../lib/job-form';
import { CHECK_FIELDS, fieldErrors, otherViolations, providerMessage } from '@/shared/portal/messages';
import { portalPath } from '@/shared/portal/paths';
import type { PlaceFieldProps } from '@/shared/portal/place-field';
import { previewOf, type JobPreview } from '../lib/preview';

type Props = {
  renderPlace: (props: PlaceFieldProps) => ReactNode;
  renderPreview: (job: JobPreview) => ReactNode;
};

/** The form's values: the job's fields and which of the two saves was asked for. */
type EditorValues = JobForm & { publish: boolean };

export function JobEditorPage(props: Props) {
  const { id = 'neu' } = useParams();
  const isNew = id === 'neu';
  return (
    <PortalFrame title={isNew ? 'Neue Stellenanzeige' : 'Stellenanzeige bearbeiten'}>
      {(member) => (isNew ? <Editor key="new" member={member} {...props} /> : <LoadedEditor key={id} id={Number(id)} member={member} {...props} />)}
    </PortalFrame>
  );
}

function LoadedEditor({ id, member, ...props }: Props & { id: number; member: OrganizationMember }) {
  const job = useQuery({ ...jobQueryOptions(member.organization.id, id), enabled: Number.isSafeInteger(id) && id > 0 });
  if (!Number.isSafeInteger(id) || id <= 0 || (job.error instanceof ApiError && job.error.status === 404)) {
    return (
      <p role="alert">
        Diese Stellenanzeige gibt es nicht. <Link to={portalPath.jobs()}>Zu Ihren Stellenanzeigen</Link>
      </p>
    );
  }
  if (job.isError) return <p role="alert">{providerMessage(job.error, 'Die Stellenanzeige konnte gerade nicht geladen werden. Bitte laden Sie die Seite neu.')}</p>;
  if (job.isPending) return <PageLoading />;
  return <Editor job={job.data} member={member} {...props} />;
}

/** The form field of a property path where the two differ. */
const CONTACT_FIELDS: Record<string, keyof JobForm> = { 'contact.name': 'contactName', 'contact.email': 'contactEmail', 'contact.phone': 'contactPhone' };

const LOCATION_FIELDS = /^locations\[(\d+)\]\.(city|placeId|country|street|zipcode)$/;
/** The channels' errors: the list (`channels`) or one slug in it (`channels[1]`), shown at the channels. */
const CHANNEL_FIELDS = /^channels(\[\d+\])?$/;

/** What a refused "Speichern und veröffentlichen" adds: nothing was stored, and how to store without publishing. */
const notSavedLine = (saveLabel: string) =>
  `Es wurde nichts gespeichert. Mit „${saveLabel}“ speichern Sie Ihre Angaben, ohne die Anzeige zu veröffentlichen.`;

/** Paths the form shows at a field; the rest is listed above the buttons. */
function shownAtField(path: string): boolean {
  if (LOCATION_FIELDS.test(path) || CHANNEL_FIELDS.test(path)) return true;
  return path in JOB_FIELD_LABELS && !path.includes('[]');
}

/**
 * The form field a message of the server (or of checkJobForm) stands at: the contact's fields by
 * their own names; a place's `locations[i]` of the i-th row sent, at that row's place (city, place
 * id, country) or its street or postal code; every channel message at the channels.
 */
function jobField(values: JobForm, path: string): Path<EditorValues> | undefined {
  const contact = CONTACT_FIELDS[path];
  if (contact) return contact;
  if (CHANNEL_FIELDS.test(path)) return 'channels';
  const [inForm = path] = Object.keys(formErrors(values, { [path]: '' }));
  const location = LOCATION_FIELDS.exec(inForm);
  if (!location) return undefined;
  const part = location[2] === 'street' || location[2] === 'zipcode' ? location[2] : 'text';
  return `locations.${Number(location[1])}.${part}`;
}

/**
 * What a refused write says above the buttons: the violations no field shows, or the failure's
 * message; and, when saving and publishing was refused, that nothing was stored.
 */
function failureLines(failure: unknown, sent: EditorValues, saveLabel: string): string[] {
  const is422 = failure instanceof ApiError && failure.status === 422;
  const lines = is422 ? otherViolations(formErrors(sent, fieldErrors(failure)), shownAtField, JOB_FIELD_LABELS) : [providerMessage(failure)];
  // Saving and publishing is one request: when the server refuses it (4xx) nothing is stored, not
  // even the changes, which the provider must not take for saved before leaving the page. After a
  // timeout or a lost connection nobody knows, so nothing is claimed.
  const refused = failure instanceof ApiError && failure.status >= 400 && failure.status < 500;
  return sent.publish && refused ? [...lines, notSavedLine(saveLabel)] : lines;
}

function Editor({ job, member, renderPlace, renderPreview }: Props & { job?: JobPosting; member: OrganizationMember }) {
  const organizationId = member.organization.id;
  const navigate = useNavigate();
  const refresh = useRefreshAfterJobChange(organizationId);
  const state = job?.state;
  const closed = state === 'closed';
  const readOnly = closed || !member.canAct;
  const live = state === 'published' || state === 'review';
  const saveLabel = live || state === 'paused' ? 'Änderungen speichern' : 'Entwurf speichern';
  const save = useMutation({
    // One request: the server saves and publishes in one transaction, or (422, 409) saves nothing.
    mutationFn: ({ publish, ...values }: EditorValues) => {
      const body = formToBody(values);
      return job ? patchJobPosting(job.id, body, { publish }) : createJobPosting({ ...body, organization: organizationId }, { publish });
    },
    onSuccess: (saved) => refresh(saved),
  });
  const defaultValues = useMemo<EditorValues>(() => ({ ...(job ? jobToForm(job) : emptyJobForm()), publish: false }), [job]);
  const { form: rhf, ref, onSubmit, busy, error, failed } = useMutationForm<EditorValues, JobPosting>({
    mutation: save,
    defaultValues,
    check: checkJobForm,
    fieldOf: (path): Path<EditorValues> | undefined => jobField(rhf.getValues(), path),
    onSuccess: (saved, { publish }) => {
      const done = saved.state === 'review' && (publish || live) ? IN_REVIEW : publish ? 'Die Stellenanzeige ist veröffentlicht.' : 'Die Stellenanzeige ist gespeichert.';
      notify({ message: done, color: 'success', timeout: saved.state === 'review' ? 10000 : 5000 });
      // A new job moves to its own address; this editor goes, so no second click can create a second one.
      if (!job) void navigate(portalPath.job(saved.id), { replace: true });
    },
  });
  const values = rhf.watch();
  const activities = useReferenceList('activities');
  const employmentTypes = useReferenceList('employment_types');
  const industries = useReferenceList('industries');

  // Issue 42 item 3: the findings of the AGG wording check as the provider types (until the first
  // answer, those of the saved text); publishing anyway sends the job to review.
  const liveFindings = useWordingCheck(wordingTexts(values), !readOnly);
  const findings = liveFindings ?? job?.wordingFindings ?? [];
  const publishLabel = findings.length
    ? 'Trotzdem veröffentlichen'
    : state === 'paused'
      ? 'Speichern und wieder veröffentlichen'
      : 'Speichern und veröffentlichen';
  /** A change; once a save was tried, the field's rules run again (a server's message goes). */
  const set = <K extends keyof JobForm>(key: K, value: JobForm[K]) =>
    rhf.setValue(key as Path<EditorValues>, value as never, { shouldValidate: rhf.formState.isSubmitted });
  // Read at the call, not from this drawing: a place field sets its text and its choice in one event.
  const setRow = (index: number, rowChange: Partial<LocationRow>) => {
    // A message about the places as a whole goes at the first change of one, as the server's do.
    if (error('locations')) rhf.clearErrors('locations');
    rhf.setValue(`locations.${index}`, { ...rhf.getValues(`locations.${index}`), ...rowChange }, { shouldValidate: rhf.formState.isSubmitted });
  };
  const setChannels = (channels: string[]) => set('channels', channels);

  /** Both saves: which one is a value of the form, so the mutation's variables say it. */
  const submitAs = (publish: boolean) => (event?: BaseSyntheticEvent) => {
    event?.preventDefault();
    if (busy) return;
    rhf.setValue('publish', publish);
    void onSubmit(event);
  };

  // Above the buttons: "check the marked fields" while one is marked; after a refused write what no
  // field shows (by the field's name), or the failure's message.
  const marked = Object.keys(rhf.formState.errors).some((key) => key !== 'root');
  const lines = [...(marked ? [CHECK_FIELDS] : []), ...(failed && save.variables ? failureLines(save.error, save.variables, saveLabel) : [])];

  const preview = previewOf(values, { activities, employmentTypes, industries }, member.organization, job?.id);

  return (
    <>
      {job && (
        <p>
          Status: <StateBadge state={job.state} />
          {job.state === 'published' && job.publicUrl && (
            <>
              {' '}
              · <a href={job.publicUrl} target="_blank" rel="noopener noreferrer">Öffentliche Seite ansehen</a>
            </>
          )}
        </p>
      )}
      {!closed && <WordingNotes job={job} findings={findings} />}
      {closed && job && (
        <div className={styles.notice}>
          <p>Diese Stellenanzeige ist beendet und kann nicht mehr geändert werden. Sie können sie duplizieren.</p>
          <JobActions job={job} organizationId={organizationId} canAct={member.canAct} />
        </div>
      )}
      <div className={styles.editor}>
        <form ref={ref} className={styles.form} onSubmit={submitAs(false)} noValidate aria-label="Stellenanzeige">
          <fieldset className={`${styles.form} ${styles.plain}`} disabled={readOnly}>
            <TextField label="Jobtitel *" name="title" value={values.title} onChange={(e) => set('title', e.target.value)} error={error('title')} maxLength={200} required />
            <TextArea label="Beschreibung" rows={8} value={values.description} onChange={(e) => set('description', e.target.value)} error={error('description')}
              hint={<span className={styles.meta}>Absätze trennen Sie mit einer Leerzeile, Aufzählungen beginnen Sie mit „- “.</span>} />
            <Choices legend="Tätigkeiten" options={activities} value={values.activities} onChange={(v) => set('activities', v)} error={error('activities')} />
            <Choices legend="Anstellungsarten" options={employmentTypes} value={values.employmentTypes} onChange={(v) => set('employmentTypes', v)} error={error('employmentTypes')} />
            <Choices legend="Branchen" options={industries} value={values.industries} onChange={(v) => set('industries', v)} error={error('industries')} />

            <fieldset className={styles.fieldset}>
              <legend>Einsatzorte</legend>
              {error('locations') && <p className={form.error}>{error('locations')}</p>}
              {values.locations.map((row, index) => (
                <div key={row.key} className={styles.location} role="group" aria-label={`Einsatzort ${index + 1}`}>
                  {renderPlace({
                    label: `Ort (Einsatzort ${index + 1})`,
                    value: row.place,
                    text: row.text,
                    onTextChange: (text) => setRow(index, { text }),
                    onChange: (place) => setRow(index, { place }),
                    error: error(`locations.${index}.text`),
                  })}
                  <div className={form.row}>
                    <TextField label={`Straße und Hausnummer (Einsatzort ${index + 1})`} name={`street-${index}`} value={row.street} onChange={(e) => setRow(index, { street: e.target.value })} error={error(`locations.${index}.street`)} />
                    <TextField label={`PLZ (Einsatzort ${index + 1})`} name={`zipcode-${index}`} value={row.zipcode} inputMode="numeric" onChange={(e) => setRow(index, { zipcode: e.target.value })} error={error(`locations.${index}.zipcode`)} />
                  </div>
                  {values.locations.length > 1 && (
                    <div>
                      <button type="button" className={form.secondary} onClick={() => set('locations', values.locations.filter((_, i) => i !== index))}>
                        Einsatzort {index + 1} entfernen
                      </button>
                    </div>
                  )}
                </div>
              ))}
              {values.locations.length < 20 && (
                <div>
                  <button type="button" className={form.secondary} onClick={() => set('locations', [...values.locations, emptyLocation()])}>
                    Weiteren Einsatzort hinzufügen
                  </button>
                </div>
              )}
              <TextArea label="Hinweise zum Einsatzort" value={values.locationDescription} onChange={(e) => set('locationDescription', e.target.value)} error={error('locationDescription')} rows={2} />
            </fieldset>

            <fieldset className={styles.fieldset}>
              <legend>Zeitraum und Arbeitszeit</legend>
              <TextArea label="Zeitraum" value={values.periodDescription} onChange={(e) => set('periodDescription', e.target.value)} error={error('periodDescription')} rows={2} />
              <TextArea label="Arbeitszeit" value={values.workingTime} onChange={(e) => set('workingTime', e.target.value)} error={error('workingTime')} rows={2} />
              <TextField label="Gültig bis" name="validThrough" type="date" value={values.validThrough} onChange={(e) => set('validThrough', e.target.value)} error={error('validThrough')} />
            </fieldset>

            <fieldset className={styles.fieldset}>
              <legend>Vergütung</legend>
              <div className={form.row}>
                <TextField label="Grundvergütung" name="baseSalary" inputMode="decimal" placeholder="z. B. 14,50" value={values.baseSalary} onChange={(e) => set('baseSalary', e.target.value)} error={error('baseSalary')} />
                <TextField label="bis (optional)" name="baseSalaryMax" inputMode="decimal" placeholder="z. B. 16,00" value={values.baseSalaryMax} onChange={(e) => set('baseSalaryMax', e.target.value)} error={error('baseSalaryMax')} />
                <SelectField label="Vergütung pro" value={values.salaryUnit} onChange={(e) => set('salaryUnit', e.target.value)} options={SALARY_UNITS} empty="Bitte wählen" error={error('salaryUnit')} />
                <SelectField label="Währung" value={values.salaryCurrency} onChange={(e) => set('salaryCurrency', e.target.value)} options={[['EUR', 'Euro'], ['CHF', 'Schweizer Franken']]} error={error('salaryCurrency')} />
              </div>
              {/* Issue 42: a pay per shift or day in hours, live as it is typed (the server checks it
                  against the minimum wage of the year the work is done in). */}
              <p className={styles.meta} aria-live="polite" data-testid="hourly-equivalent">{hourlyEquivalent(values) ?? ''}</p>
              <p className={styles.meta}>
                Zum Veröffentlichen ist der Lohn Pflicht: pro Stunde, pro Einsatz/Tag oder als Honorar, gern als Spanne. Er muss den
                gesetzlichen Mindestlohn erreichen, außer bei einer der gesetzlichen Ausnahmen.
              </p>
              <SelectField label="Ausnahme vom Mindestlohn" value={values.wageExemption} onChange={(e) => set('wageExemption', e.target.value)} options={WAGE_EXEMPTIONS} empty="Keine – der Mindestlohn gilt" error={error('wageExemption')} />
              <TextArea label="Hinweise zur Vergütung" value={values.salaryDescription} onChange={(e) => set('salaryDescription', e.target.value)} error={error('salaryDescription')} rows={2} />
              <TextField label="Übernachtungspauschale" name="overnightStayAllowance" value={values.overnightStayAllowance} onChange={(e) => set('overnightStayAllowance', e.target.value)} error={error('overnightStayAllowance')} />
              <TextField label="Reisekosten" name="travelExpenses" value={values.travelExpenses} onChange={(e) => set('travelExpenses', e.target.value)} error={error('travelExpenses')} />
              <TextField label="Sonderzahlungen" name="specialPayments" value={values.specialPayments} onChange={(e) => set('specialPayments', e.target.value)} error={error('specialPayments')} />
            </fieldset>

            <TextArea label="Anforderungen" value={values.requirement} onChange={(e) => set('requirement', e.target.value)} error={error('requirement')} />
            <TextArea label="Das bieten Sie" value={values.benefits} onChange={(e) => set('benefits', e.target.value)} error={error('benefits')} />
            <TextField label="Marken (mit Komma getrennt)" name="brands" value={values.brands} onChange={(e) => set('brands', e.target.value)} error={error('brands')} />
            <TextField label="Schlagworte (mit Komma getrennt)" name="tags" value={values.tags} onChange={(e) => set('tags', e.target.value)} error={error('tags')} />

            <fieldset className={styles.fieldset}>
              <legend>Ansprechperson für Bewerbungen</legend>
              <p className={styles.meta}>Leer gelassen gilt die Ansprechperson aus Ihrem Unternehmensprofil.</p>
              <TextField label="Name" name="contactName" value={values.contactName} onChange={(e) => set('contactName', e.target.value)} error={error('contactName')} />
              <TextField label="E-Mail-Adresse" name="contactEmail" type="email" value={values.contactEmail} onChange={(e) => set('contactEmail', e.target.value)} error={error('contactEmail')} />
              <TextField label="Telefon" name="contactPhone" type="tel" value={values.contactPhone} onChange={(e) => set('contactPhone', e.target.value)} error={error('contactPhone')} />
            </fieldset>

            <ChannelChoices value={values.channels} onChange={setChannels} error={error('channels')} />
          </fieldset>

          <FormMessages lines={lines} />
          {!readOnly && (
            <div className={form.row}>
              <button type="submit" className={live ? form.button : form.secondary} disabled={busy}>
                {busy && !values.publish ? 'Wird gespeichert …' : saveLabel}
              </button>
              {!live && (
                <button type="button" className={form.button} disabled={busy} onClick={submitAs(true)}>
                  {busy && values.publish ? 'Wird veröffentlicht …' : publishLabel}
                </button>
              )}
            </div>
          )}
        </form>
        <section className={styles.preview} aria-label="Vorschau">
          <h2>Vorschau: so sehen Jobsuchende Ihre Anzeige</h2>
          {renderPreview(preview)}
        </section>
      </div>
    </>
  );
}
