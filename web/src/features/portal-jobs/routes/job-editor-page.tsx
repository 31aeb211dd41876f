// /recruiting/portal/stellenanzeigen/neu and /{id}: the job editor. Every job field, places with the
// place suggestions of the job search (two or more; each with street and postal code), and beside
// the form a live preview of the public job page. "Entwurf speichern" stores (a new job: POST, then
// its address); "Speichern und veröffentlichen" stores and publishes in one request (`?publish=1`:
// when the job cannot be published nothing is stored, a new job is not created, and the page says
// so). Client rules first; the server's 422 puts each message under its field (the ones no field
// shows are listed); the quota's 409 and other failures show the server's German message. The place
// field and the preview come from the app (they belong to the job search), as render functions.
// Below the form the channels the job is published in, with their cost (ChannelChoices).
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '@/shared/api/client';
import { useReferenceList } from '@/shared/api/reference-lists';
import form from '@/shared/ui/form.module.css';
import { shownErrors, useFocusFirstError } from '@/shared/ui/form-errors';
import { notify } from '@/shared/ui/notifications';
import { PageLoading } from '@/shared/ui/page-loading';
import { TextField } from '@/shared/ui/text-field';
import type { Errors } from '@/shared/validation';
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

/** What a failed save shows: the messages at their fields and the lines above the buttons. */
type Outcome = { errors: Errors; lines: string[] };

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

/** The error's key of a form field where the two differ. */
const ERROR_KEYS: Partial<Record<keyof JobForm, string>> = { contactName: 'contact.name', contactEmail: 'contact.email', contactPhone: 'contact.phone' };

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

function Editor({ job, member, renderPlace, renderPreview }: Props & { job?: JobPosting; member: OrganizationMember }) {
  const organizationId = member.organization.id;
  const navigate = useNavigate();
  const [values, setValues] = useState<JobForm>(() => (job ? jobToForm(job) : emptyJobForm()));
  const [saveErrors, setSaveErrors] = useState<Errors>({});
  // Fields changed since the last save: their errors show only while still wrong.
  const [changed, setChanged] = useState<ReadonlySet<string>>(() => new Set());
  const setErrors = (next: Errors) => {
    setSaveErrors(next);
    setChanged(new Set());
  };
  const [lines, setLines] = useState<string[]>([]);
  const [busy, setBusy] = useState<'save' | 'publish' | null>(null);
  const refresh = useRefreshAfterJobChange(organizationId);
  const activities = useReferenceList('activities');
  const employmentTypes = useReferenceList('employment_types');
  const industries = useReferenceList('industries');

  const state = job?.state;
  const closed = state === 'closed';
  const readOnly = closed || !member.canAct;
  // Issue 42 item 3: the findings of the AGG wording check as the provider types (until the first
  // answer, those of the saved text); publishing anyway sends the job to review.
  const liveFindings = useWordingCheck(wordingTexts(values), !readOnly);
  const findings = liveFindings ?? job?.wordingFindings ?? [];
  const publishLabel = findings.length
    ? 'Trotzdem veröffentlichen'
    : state === 'paused'
      ? 'Speichern und wieder veröffentlichen'
      : 'Speichern und veröffentlichen';
  const live = state === 'published' || state === 'review';
  const saveLabel = live || state === 'paused' ? 'Änderungen speichern' : 'Entwurf speichern';
  const focus = useFocusFirstError<HTMLFormElement>();
  const touch = (fields: string[]) => setChanged((c) => new Set([...c, ...fields]));
  const set = <K extends keyof JobForm>(key: K, value: JobForm[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    touch([ERROR_KEYS[key] ?? key]);
  };
  const setRow = (index: number, rowChange: Partial<LocationRow>) => {
    setValues((v) => ({ ...v, locations: v.locations.map((row, i) => (i === index ? { ...row, ...rowChange } : row)) }));
    touch(['locations', ...['city', 'placeId', 'country', 'street', 'zipcode'].map((f) => `locations[${index}].${f}`)]);
  };
  const errors = shownErrors(saveErrors, changed, () => checkJobForm(values));
  const channelError = Object.entries(errors).find(([path]) => CHANNEL_FIELDS.test(path))?.[1];
  const setChannels = (channels: string[]) => {
    setValues((v) => ({ ...v, channels }));
    touch(['channels', ...Object.keys(saveErrors).filter((path) => CHANNEL_FIELDS.test(path))]);
  };

  function fail(failure: unknown, form: JobForm, publish: boolean): Outcome {
    const found = formErrors(form, fieldErrors(failure));
    const others = otherViolations(found, shownAtField, JOB_FIELD_LABELS);
    const is422 = failure instanceof ApiError && failure.status === 422;
    const lines = is422 ? [CHECK_FIELDS, ...others] : [providerMessage(failure)];
    // Saving and publishing is one request: when the server refuses it (4xx) nothing is stored, not
    // even the changes, which the provider must not take for saved before leaving the page. After a
    // timeout or a lost connection nobody knows, so nothing is claimed.
    const refused = failure instanceof ApiError && failure.status >= 400 && failure.status < 500;
    return { errors: found, lines: publish && refused ? [...lines, notSavedLine(saveLabel)] : lines };
  }

  async function save(publish: boolean) {
    const local = checkJobForm(values);
    if (Object.keys(local).length) {
      setErrors(local);
      setLines([CHECK_FIELDS]);
      focus.failed();
      return;
    }
    setBusy(publish ? 'publish' : 'save');
    setErrors({});
    setLines([]);
    const body = formToBody(values);
    // A new job moves to its own address: the buttons stay busy until this editor is gone, so a
    // second click cannot create a second one.
    let moving = false;
    try {
      // One request: the server saves and publishes in one transaction, or (422, 409) saves nothing.
      const saved = job
        ? await patchJobPosting(job.id, body, { publish })
        : await createJobPosting({ ...body, organization: organizationId }, { publish });
      await refresh(saved);
      const done = saved.state === 'review' && (publish || live) ? IN_REVIEW : publish ? 'Die Stellenanzeige ist veröffentlicht.' : 'Die Stellenanzeige ist gespeichert.';
      notify({ message: done, color: 'success', timeout: saved.state === 'review' ? 10000 : 5000 });
      if (!job) {
        moving = true;
        void navigate(portalPath.job(saved.id), { replace: true });
      }
    } catch (failure) {
      const outcome = fail(failure, values, publish);
      setErrors(outcome.errors);
      setLines(outcome.lines);
      focus.failed();
    } finally {
      if (!moving) setBusy(null);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    void save(false);
  }

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
        <form ref={focus.ref} className={styles.form} onSubmit={submit} noValidate aria-label="Stellenanzeige">
          <fieldset className={`${styles.form} ${styles.plain}`} disabled={readOnly}>
            <TextField label="Jobtitel *" name="title" value={values.title} onChange={(e) => set('title', e.target.value)} error={errors.title} maxLength={200} required />
            <TextArea label="Beschreibung" rows={8} value={values.description} onChange={(e) => set('description', e.target.value)} error={errors.description}
              hint={<span className={styles.meta}>Absätze trennen Sie mit einer Leerzeile, Aufzählungen beginnen Sie mit „- “.</span>} />
            <Choices legend="Tätigkeiten" options={activities} value={values.activities} onChange={(v) => set('activities', v)} error={errors.activities} />
            <Choices legend="Anstellungsarten" options={employmentTypes} value={values.employmentTypes} onChange={(v) => set('employmentTypes', v)} error={errors.employmentTypes} />
            <Choices legend="Branchen" options={industries} value={values.industries} onChange={(v) => set('industries', v)} error={errors.industries} />

            <fieldset className={styles.fieldset}>
              <legend>Einsatzorte</legend>
              {errors.locations && <p className={form.error}>{errors.locations}</p>}
              {values.locations.map((row, index) => (
                <div key={row.key} className={styles.location} role="group" aria-label={`Einsatzort ${index + 1}`}>
                  {renderPlace({
                    label: `Ort (Einsatzort ${index + 1})`,
                    value: row.place,
                    text: row.text,
                    onTextChange: (text) => setRow(index, { text }),
                    onChange: (place) => setRow(index, { place }),
                    error: errors[`locations[${index}].city`] ?? errors[`locations[${index}].placeId`] ?? errors[`locations[${index}].country`],
                  })}
                  <div className={form.row}>
                    <TextField label={`Straße und Hausnummer (Einsatzort ${index + 1})`} name={`street-${index}`} value={row.street} onChange={(e) => setRow(index, { street: e.target.value })} error={errors[`locations[${index}].street`]} />
                    <TextField label={`PLZ (Einsatzort ${index + 1})`} name={`zipcode-${index}`} value={row.zipcode} inputMode="numeric" onChange={(e) => setRow(index, { zipcode: e.target.value })} error={errors[`locations[${index}].zipcode`]} />
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
              <TextArea label="Hinweise zum Einsatzort" value={values.locationDescription} onChange={(e) => set('locationDescription', e.target.value)} error={errors.locationDescription} rows={2} />
            </fieldset>

            <fieldset className={styles.fieldset}>
              <legend>Zeitraum und Arbeitszeit</legend>
              <TextArea label="Zeitraum" value={values.periodDescription} onChange={(e) => set('periodDescription', e.target.value)} error={errors.periodDescription} rows={2} />
              <TextArea label="Arbeitszeit" value={values.workingTime} onChange={(e) => set('workingTime', e.target.value)} error={errors.workingTime} rows={2} />
              <TextField label="Gültig bis" name="validThrough" type="date" value={values.validThrough} onChange={(e) => set('validThrough', e.target.value)} error={errors.validThrough} />
            </fieldset>

            <fieldset className={styles.fieldset}>
              <legend>Vergütung</legend>
              <div className={form.row}>
                <TextField label="Grundvergütung" name="baseSalary" inputMode="decimal" placeholder="z. B. 14,50" value={values.baseSalary} onChange={(e) => set('baseSalary', e.target.value)} error={errors.baseSalary} />
                <TextField label="bis (optional)" name="baseSalaryMax" inputMode="decimal" placeholder="z. B. 16,00" value={values.baseSalaryMax} onChange={(e) => set('baseSalaryMax', e.target.value)} error={errors.baseSalaryMax} />
                <SelectField label="Vergütung pro" value={values.salaryUnit} onChange={(e) => set('salaryUnit', e.target.value)} options={SALARY_UNITS} empty="Bitte wählen" error={errors.salaryUnit} />
                <SelectField label="Währung" value={values.salaryCurrency} onChange={(e) => set('salaryCurrency', e.target.value)} options={[['EUR', 'Euro'], ['CHF', 'Schweizer Franken']]} error={errors.salaryCurrency} />
              </div>
              {/* Issue 42: a pay per shift or day in hours, live as it is typed (the server checks it
                  against the minimum wage of the year the work is done in). */}
              <p className={styles.meta} aria-live="polite" data-testid="hourly-equivalent">{hourlyEquivalent(values) ?? ''}</p>
              <p className={styles.meta}>
                Zum Veröffentlichen ist der Lohn Pflicht: pro Stunde, pro Einsatz/Tag oder als Honorar, gern als Spanne. Er muss den
                gesetzlichen Mindestlohn erreichen, außer bei einer der gesetzlichen Ausnahmen.
              </p>
              <SelectField label="Ausnahme vom Mindestlohn" value={values.wageExemption} onChange={(e) => set('wageExemption', e.target.value)} options={WAGE_EXEMPTIONS} empty="Keine – der Mindestlohn gilt" error={errors.wageExemption} />
              <TextArea label="Hinweise zur Vergütung" value={values.salaryDescription} onChange={(e) => set('salaryDescription', e.target.value)} error={errors.salaryDescription} rows={2} />
              <TextField label="Übernachtungspauschale" name="overnightStayAllowance" value={values.overnightStayAllowance} onChange={(e) => set('overnightStayAllowance', e.target.value)} error={errors.overnightStayAllowance} />
              <TextField label="Reisekosten" name="travelExpenses" value={values.travelExpenses} onChange={(e) => set('travelExpenses', e.target.value)} error={errors.travelExpenses} />
              <TextField label="Sonderzahlungen" name="specialPayments" value={values.specialPayments} onChange={(e) => set('specialPayments', e.target.value)} error={errors.specialPayments} />
            </fieldset>

            <TextArea label="Anforderungen" value={values.requirement} onChange={(e) => set('requirement', e.target.value)} error={errors.requirement} />
            <TextArea label="Das bieten Sie" value={values.benefits} onChange={(e) => set('benefits', e.target.value)} error={errors.benefits} />
            <TextField label="Marken (mit Komma getrennt)" name="brands" value={values.brands} onChange={(e) => set('brands', e.target.value)} error={errors.brands} />
            <TextField label="Schlagworte (mit Komma getrennt)" name="tags" value={values.tags} onChange={(e) => set('tags', e.target.value)} error={errors.tags} />

            <fieldset className={styles.fieldset}>
              <legend>Ansprechperson für Bewerbungen</legend>
              <p className={styles.meta}>Leer gelassen gilt die Ansprechperson aus Ihrem Unternehmensprofil.</p>
              <TextField label="Name" name="contactName" value={values.contactName} onChange={(e) => set('contactName', e.target.value)} error={errors['contact.name']} />
              <TextField label="E-Mail-Adresse" name="contactEmail" type="email" value={values.contactEmail} onChange={(e) => set('contactEmail', e.target.value)} error={errors['contact.email']} />
              <TextField label="Telefon" name="contactPhone" type="tel" value={values.contactPhone} onChange={(e) => set('contactPhone', e.target.value)} error={errors['contact.phone']} />
            </fieldset>

            <ChannelChoices value={values.channels} onChange={setChannels} error={channelError} />
          </fieldset>

          <FormMessages lines={Object.keys(errors).length ? lines : lines.filter((l) => l !== CHECK_FIELDS)} />
          {!readOnly && (
            <div className={form.row}>
              <button type="submit" className={live ? form.button : form.secondary} disabled={busy !== null}>
                {busy === 'save' ? 'Wird gespeichert …' : saveLabel}
              </button>
              {!live && (
                <button type="button" className={form.button} disabled={busy !== null} onClick={() => void save(true)}>
                  {busy === 'publish' ? 'Wird veröffentlicht …' : publishLabel}
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
