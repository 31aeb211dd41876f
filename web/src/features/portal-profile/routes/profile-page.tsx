// /recruiting/portal/unternehmensprofil: the organization's public profile as its members keep it
// (PATCH /organizations/{id}, merge-patch): name, description, website, figures, contact person,
// company details; and the logo (JPEG, PNG, GIF or WebP up to 10 MB, checked here by type and size,
// by its bytes on the server). Client rules first, the server's 422 under each field.
import { useState } from 'react';
import { set as setPath } from 'react-hook-form';
import { Link } from 'react-router';
import { useReferenceList } from '@/shared/api/reference-lists';
import form from '@/shared/ui/form.module.css';
import { flatValues, useMutationForm } from '@/shared/forms/use-mutation-form';
import { notify } from '@/shared/ui/notifications';
import { TextField } from '@/shared/ui/text-field';
import {
  email,
  fileSize,
  imageFile,
  integer,
  maxValue,
  messages,
  minValue,
  phoneNumber,
  required,
  url,
  vatIdForCountry,
  zipCodeForCountry,
} from '@/shared/validation';
import type { MemberOrganization, OrganizationMember } from '@/shared/portal/member';
import { useDeleteLogo, useSaveOrganization, useUploadLogo } from '../api/organization';
import { FormMessages, SelectField, TextArea } from '@/shared/portal/fields';
import { PortalFrame } from '@/shared/portal/portal-frame';
import { IndeedFeedForm } from '../components/indeed-feed-form';
import { RetentionForm } from '../components/retention-form';
import styles from '@/shared/portal/portal.module.css';
import { CHECK_FIELDS, fieldErrors, otherViolations, providerMessage } from '@/shared/portal/messages';

export const LOGO_MAX_BYTES = 10 * 1024 * 1024;

export function ProfilePage() {
  return <PortalFrame title="Unternehmensprofil">{(member) => <Profile member={member} />}</PortalFrame>;
}

function Profile({ member }: { member: OrganizationMember }) {
  const { organization } = member;
  const readOnly = !member.canAct;
  return (
    <>
      {organization.state === 'approved' && (
        <p>
          So sehen Jobsuchende Ihr Unternehmen: <Link to={organization.publicUrl ?? `/jobanbieter/${organization.slug}`}>Öffentliche Seite ansehen</Link>
        </p>
      )}
      <LogoForm organization={organization} readOnly={readOnly} />
      <ProfileForm organization={organization} readOnly={readOnly} />
      <RetentionForm organization={organization} readOnly={readOnly} />
      <IndeedFeedForm organization={organization} readOnly={readOnly} />
    </>
  );
}

const FIELDS = [
  'name', 'description', 'website', 'foundingYear', 'employees', 'workingDaysPerYear',
  'contact.name', 'contact.email', 'contact.phone',
  'company.name', 'company.legalForm', 'company.street', 'company.zipcode', 'company.city', 'company.country',
  'company.vatId', 'company.registerCourt', 'company.registerNumber',
] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

const LABELS: Record<Field, string> = {
  name: 'Name des Unternehmens *',
  description: 'Beschreibung',
  website: 'Website',
  foundingYear: 'Gründungsjahr',
  employees: 'Anzahl der Mitarbeitenden',
  workingDaysPerYear: 'Einsatztage pro Jahr',
  'contact.name': 'Ansprechperson',
  'contact.email': 'E-Mail der Ansprechperson',
  'contact.phone': 'Telefon der Ansprechperson',
  'company.name': 'Firmierung (falls abweichend)',
  'company.legalForm': 'Rechtsform',
  'company.street': 'Straße und Hausnummer',
  'company.zipcode': 'PLZ',
  'company.city': 'Ort',
  'company.country': 'Land',
  'company.vatId': 'USt-IdNr.',
  'company.registerCourt': 'Registergericht',
  'company.registerNumber': 'Registernummer',
};

const LEGAL_FORMS = ['GmbH', 'UG (haftungsbeschränkt)', 'AG', 'GmbH & Co. KG', 'KG', 'OHG', 'GbR', 'e.K.', 'Einzelunternehmen', 'e.V.', 'Sonstige'];

const THIS_YEAR = new Date().getFullYear();

// The server's bounds too (organization_editor.cpp), so one save reports every error at once
// instead of the year only after the other fields are right.
const RULES = {
  name: [required],
  website: [url],
  foundingYear: [integer, minValue(1800), maxValue(THIS_YEAR, `Das Gründungsjahr darf nicht nach ${THIS_YEAR} liegen.`)],
  employees: [integer, minValue(0), maxValue(10_000_000, 'Bitte geben Sie höchstens 10.000.000 an.')],
  workingDaysPerYear: [integer, minValue(0), maxValue(1_000_000, 'Bitte geben Sie höchstens 1.000.000 an.')],
  'contact.email': [email],
  'contact.phone': [phoneNumber],
  'company.zipcode': [zipCodeForCountry('company.country')],
  'company.vatId': [vatIdForCountry('company.country')],
};

function read(organization: MemberOrganization): Values {
  const get = (field: Field): string => {
    const [group, key] = field.split('.') as [string, string | undefined];
    const source = key ? (organization as unknown as Record<string, Record<string, unknown> | null>)[group]?.[key] : (organization as unknown as Record<string, unknown>)[group];
    return source === null || source === undefined ? '' : String(source);
  };
  const values = Object.fromEntries(FIELDS.map((f) => [f, get(f)])) as Values;
  if (!values['company.country']) values['company.country'] = 'de';
  return values;
}

/** The merge patch: every field, empty as null (the name cannot be cleared), numbers as numbers. */
function patchOf(values: Values): Record<string, unknown> {
  const value = (f: Field) => (values[f].trim() === '' ? null : values[f].trim());
  const number = (f: Field) => (value(f) === null ? null : Number(value(f)));
  const group = (prefix: 'contact' | 'company') =>
    Object.fromEntries(FIELDS.filter((f) => f.startsWith(`${prefix}.`)).map((f) => [f.slice(prefix.length + 1), value(f)]));
  return {
    name: values.name.trim(),
    description: value('description'),
    website: value('website'),
    foundingYear: number('foundingYear'),
    employees: number('employees'),
    workingDaysPerYear: number('workingDaysPerYear'),
    contact: group('contact'),
    company: group('company'),
  };
}

/** The flat values as the form keeps them: `contact.email` nested as {contact: {email}}. */
function nested(values: Values): NestedValues {
  const out = {};
  for (const [f, value] of Object.entries(values)) setPath(out, f, value);
  return out as NestedValues;
}
type NestedValues = Record<string, string | Record<string, string>>;

function ProfileForm({ organization, readOnly }: { organization: MemberOrganization; readOnly: boolean }) {
  const save = useSaveOrganization(organization.id);
  const { form: state, ref, onSubmit, busy, error, failed } = useMutationForm<NestedValues, MemberOrganization | undefined>({
    mutation: { isPending: save.isPending, mutateAsync: (values) => save.mutateAsync(patchOf(flatValues(values) as Values)) },
    defaultValues: nested(read(organization)),
    rules: RULES,
    onSuccess: (saved) => {
      if (saved) state.reset(nested(read(saved)));
      notify({ message: 'Ihr Unternehmensprofil ist gespeichert.', color: 'success', timeout: 5000 });
    },
    describe: (failure) => providerMessage(failure),
  });
  const countries = useReferenceList('countries');
  const countryOptions: [string, string][] = countries.length ? countries.map((c) => [c.code, c.name]) : [['de', 'Deutschland'], ['at', 'Österreich'], ['ch', 'Schweiz']];
  const value = (f: Field) => String(state.watch(f as never) ?? '');
  const anyError = FIELDS.some((f) => error(f) !== undefined);
  // After a refused save: the fields are marked, and what no field shows is listed by its label.
  const found = failed ? fieldErrors(save.error) : {};
  const lines = failed
    ? Object.keys(found).length
      ? [CHECK_FIELDS, ...otherViolations(found, (path) => path in LABELS, LABELS)]
      : [providerMessage(save.error)]
    : anyError
      ? [CHECK_FIELDS]
      : [];

  const field = (f: Field, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField label={LABELS[f]} {...state.register(f)} error={error(f)} {...extra} />
  );

  return (
    <form ref={ref} className={styles.form} onSubmit={onSubmit} noValidate aria-label="Unternehmensprofil">
      <fieldset className={`${styles.form} ${styles.plain}`} disabled={readOnly}>
        {field('name', { required: true, maxLength: 200 })}
        <TextArea label={LABELS.description} rows={8} {...state.register('description')} error={error('description')} />
        {field('website', { type: 'url', placeholder: 'https://www.ihre-firma.de' })}
        <div className={form.row}>
          {field('foundingYear', { inputMode: 'numeric' })}
          {field('employees', { inputMode: 'numeric' })}
          {field('workingDaysPerYear', { inputMode: 'numeric' })}
        </div>
        <fieldset className={styles.fieldset}>
          <legend>Ansprechperson für Bewerbungen</legend>
          {field('contact.name')}
          {field('contact.email', { type: 'email' })}
          {field('contact.phone', { type: 'tel' })}
        </fieldset>
        <fieldset className={styles.fieldset}>
          <legend>Angaben zum Unternehmen</legend>
          {field('company.name')}
          <SelectField label={LABELS['company.legalForm']} {...state.register('company.legalForm')} value={value('company.legalForm')}
            options={[...new Set([...LEGAL_FORMS, value('company.legalForm')].filter(Boolean))].map((l) => [l, l])} empty="Bitte wählen" error={error('company.legalForm')} />
          {field('company.street')}
          <div className={form.row}>
            {field('company.zipcode')}
            {field('company.city')}
          </div>
          {/* A new country checks the postal code and the VAT ID again. */}
          <SelectField label={LABELS['company.country']} {...state.register('company.country', { deps: ['company.zipcode', 'company.vatId'] })} value={value('company.country')} options={countryOptions} error={error('company.country')} />
          {field('company.vatId')}
          <div className={form.row}>
            {field('company.registerCourt')}
            {field('company.registerNumber')}
          </div>
        </fieldset>
      </fieldset>
      <FormMessages lines={anyError ? lines : lines.filter((l) => l !== CHECK_FIELDS)} />
      {!readOnly && (
        <div>
          <button type="submit" className={form.button} disabled={busy}>
            {busy ? 'Wird gespeichert …' : 'Profil speichern'}
          </button>
        </div>
      )}
    </form>
  );
}

/** The chosen file: there, an image, not too big (the server checks its bytes too). */
const logoFile = (v: unknown) => {
  const file = (v as FileList | undefined)?.[0];
  if (!file) return 'Bitte wählen Sie zuerst eine Datei aus.';
  const wrong = imageFile(file) ?? fileSize(LOGO_MAX_BYTES)(file);
  return wrong === messages.image ? 'Die Datei ist kein Bild (erlaubt sind JPEG, PNG, GIF und WebP).' : wrong;
};

function LogoForm({ organization, readOnly }: { organization: MemberOrganization; readOnly: boolean }) {
  const upload = useUploadLogo(organization.id);
  const remove = useDeleteLogo(organization.id);
  // Each change gets a new address, so the browser shows the new logo instead of its cached one.
  const [version, setVersion] = useState(0);
  const logo = organization.logo;
  const { form: state, ref, onSubmit, busy, error: errorOf, refusal } = useMutationForm<{ file: FileList | undefined }>({
    mutation: { isPending: upload.isPending, mutateAsync: ({ file }) => upload.mutateAsync(file![0]!) },
    defaultValues: { file: undefined },
    rules: { file: [logoFile] },
    onSuccess: () => {
      setVersion((v) => v + 1);
      state.reset({ file: undefined });
      notify({ message: 'Ihr Logo ist gespeichert.', color: 'success', timeout: 5000 });
    },
    describe: (failure) => providerMessage(failure, 'Das Hochladen hat nicht geklappt. Bitte versuchen Sie es noch einmal.'),
  });
  const error = errorOf('file') ?? refusal ?? (remove.isError ? providerMessage(remove.error) : '');

  function deleteLogo() {
    state.clearErrors();
    remove.mutate(undefined, { onSuccess: () => notify({ message: 'Ihr Logo ist entfernt.', color: 'success', timeout: 5000 }) });
  }

  return (
    <form ref={ref} className={`${styles.fieldset} ${styles.form}`} onSubmit={onSubmit} noValidate aria-label="Logo">
      <h2>Logo</h2>
      {logo ? <img className={styles.logo} src={`${logo}${logo.includes('?') ? '&' : '?'}v=${version}`} alt={`Logo von ${organization.name}`} /> : <p>Sie haben noch kein Logo hochgeladen.</p>}
      <div className={form.field}>
        <label htmlFor="provider-logo">Neues Logo (JPEG, PNG, GIF oder WebP, höchstens 10 MB)</label>
        <input id="provider-logo" type="file" accept="image/jpeg,image/png,image/gif,image/webp" disabled={readOnly} aria-invalid={error ? true : undefined} {...state.register('file', { onChange: () => state.clearErrors() })} />
      </div>
      {error && (
        <p className={form.error} role="alert">
          {error}
        </p>
      )}
      {!readOnly && (
        <div className={form.row}>
          <button type="submit" className={form.button} disabled={busy}>
            {busy ? 'Wird hochgeladen …' : 'Logo hochladen'}
          </button>
          {logo && (
            <button type="button" className={form.secondary} disabled={remove.isPending} onClick={deleteLogo}>
              {remove.isPending ? 'Wird entfernt …' : 'Logo entfernen'}
            </button>
          )}
        </div>
      )}
    </form>
  );
}
