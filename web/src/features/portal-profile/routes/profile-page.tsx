// /recruiting/portal/unternehmensprofil: the organization's public profile as its members keep it
// (PATCH /organizations/{id}, merge-patch): name, description, website, figures, contact person,
// company details; and the logo (JPEG, PNG, GIF or WebP up to 10 MB, checked here by type and size,
// by its bytes on the server). Client rules first, the server's 422 under each field.
import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useReferenceList } from '@/shared/api/reference-lists';
import form from '@/shared/ui/form.module.css';
import { shownErrors, useFocusFirstError } from '@/shared/ui/form-errors';
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
  validate,
  vatIdForCountry,
  zipCodeForCountry,
  type Errors,
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

function ProfileForm({ organization, readOnly }: { organization: MemberOrganization; readOnly: boolean }) {
  const [values, setValues] = useState<Values>(() => read(organization));
  const [saveErrors, setSaveErrors] = useState<Errors>({});
  // Fields changed since the last save: their errors show only while still wrong.
  const [changed, setChanged] = useState<ReadonlySet<string>>(() => new Set());
  const setErrors = (next: Errors) => {
    setSaveErrors(next);
    setChanged(new Set());
  };
  const [lines, setLines] = useState<string[]>([]);
  const save = useSaveOrganization(organization.id);
  const focus = useFocusFirstError<HTMLFormElement>();
  /** A field's new value; its error goes once the rules accept it (the country rechecks postal code and VAT ID). */
  const setValue = (f: Field, value: string) => {
    setValues((v) => ({ ...v, [f]: value }));
    setChanged((c) => new Set([...c, ...(f === 'company.country' ? [f, 'company.zipcode', 'company.vatId'] : [f])]));
  };
  const errors = shownErrors(saveErrors, changed, () => validate(values, RULES));
  const countries = useReferenceList('countries');
  const countryOptions: [string, string][] = countries.length ? countries.map((c) => [c.code, c.name]) : [['de', 'Deutschland'], ['at', 'Österreich'], ['ch', 'Schweiz']];

  function submit(event: FormEvent) {
    event.preventDefault();
    const local = validate(values, RULES);
    setErrors(local);
    if (Object.keys(local).length) {
      setLines([CHECK_FIELDS]);
      focus.failed();
      return;
    }
    setLines([]);
    save.mutate(patchOf(values), {
      onSuccess: (saved) => {
        if (saved) setValues(read(saved));
        notify({ message: 'Ihr Unternehmensprofil ist gespeichert.', color: 'success', timeout: 5000 });
      },
      onError: (failure) => {
        const found = fieldErrors(failure);
        setErrors(found);
        const others = otherViolations(found, (path) => path in LABELS, LABELS);
        setLines(Object.keys(found).length ? [CHECK_FIELDS, ...others] : [providerMessage(failure)]);
        focus.failed();
      },
    });
  }

  const field = (f: Field, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField label={LABELS[f]} name={f} value={values[f]} onChange={(e) => setValue(f, e.target.value)} error={errors[f]} {...extra} />
  );

  return (
    <form ref={focus.ref} className={styles.form} onSubmit={submit} noValidate aria-label="Unternehmensprofil">
      <fieldset className={`${styles.form} ${styles.plain}`} disabled={readOnly}>
        {field('name', { required: true, maxLength: 200 })}
        <TextArea label={LABELS.description} rows={8} value={values.description} onChange={(e) => setValue('description', e.target.value)} error={errors.description} />
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
          <SelectField label={LABELS['company.legalForm']} value={values['company.legalForm']} onChange={(e) => setValue('company.legalForm', e.target.value)}
            options={[...new Set([...LEGAL_FORMS, values['company.legalForm']].filter(Boolean))].map((l) => [l, l])} empty="Bitte wählen" error={errors['company.legalForm']} />
          {field('company.street')}
          <div className={form.row}>
            {field('company.zipcode')}
            {field('company.city')}
          </div>
          <SelectField label={LABELS['company.country']} value={values['company.country']} onChange={(e) => setValue('company.country', e.target.value)} options={countryOptions} error={errors['company.country']} />
          {field('company.vatId')}
          <div className={form.row}>
            {field('company.registerCourt')}
            {field('company.registerNumber')}
          </div>
        </fieldset>
      </fieldset>
      <FormMessages lines={Object.keys(errors).length ? lines : lines.filter((l) => l !== CHECK_FIELDS)} />
      {!readOnly && (
        <div>
          <button type="submit" className={form.button} disabled={save.isPending}>
            {save.isPending ? 'Wird gespeichert …' : 'Profil speichern'}
          </button>
        </div>
      )}
    </form>
  );
}

function LogoForm({ organization, readOnly }: { organization: MemberOrganization; readOnly: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadLogo(organization.id);
  const remove = useDeleteLogo(organization.id);
  const [error, setError] = useState('');
  // Each change gets a new address, so the browser shows the new logo instead of its cached one.
  const [version, setVersion] = useState(0);
  const logo = organization.logo;

  function submit(event: FormEvent) {
    event.preventDefault();
    const file = input.current?.files?.[0];
    const wrong = !file ? 'Bitte wählen Sie zuerst eine Datei aus.' : (imageFile(file) ?? fileSize(LOGO_MAX_BYTES)(file));
    setError(wrong ? (wrong === messages.image ? 'Die Datei ist kein Bild (erlaubt sind JPEG, PNG, GIF und WebP).' : wrong) : '');
    if (wrong || !file) return;
    upload.mutate(file, {
      onSuccess: () => {
        setVersion((v) => v + 1);
        if (input.current) input.current.value = '';
        notify({ message: 'Ihr Logo ist gespeichert.', color: 'success', timeout: 5000 });
      },
      onError: (failure) => setError(fieldErrors(failure).file ?? providerMessage(failure, 'Das Hochladen hat nicht geklappt. Bitte versuchen Sie es noch einmal.')),
    });
  }

  function deleteLogo() {
    setError('');
    remove.mutate(undefined, {
      onSuccess: () => notify({ message: 'Ihr Logo ist entfernt.', color: 'success', timeout: 5000 }),
      onError: (failure) => setError(providerMessage(failure)),
    });
  }

  return (
    <form className={`${styles.fieldset} ${styles.form}`} onSubmit={submit} noValidate aria-label="Logo">
      <h2>Logo</h2>
      {logo ? <img className={styles.logo} src={`${logo}${logo.includes('?') ? '&' : '?'}v=${version}`} alt={`Logo von ${organization.name}`} /> : <p>Sie haben noch kein Logo hochgeladen.</p>}
      <div className={form.field}>
        <label htmlFor="provider-logo">Neues Logo (JPEG, PNG, GIF oder WebP, höchstens 10 MB)</label>
        <input id="provider-logo" ref={input} type="file" accept="image/jpeg,image/png,image/gif,image/webp" disabled={readOnly} aria-invalid={error ? true : undefined} onChange={() => setError('')} />
      </div>
      {error && (
        <p className={form.error} role="alert">
          {error}
        </p>
      )}
      {!readOnly && (
        <div className={form.row}>
          <button type="submit" className={form.button} disabled={upload.isPending}>
            {upload.isPending ? 'Wird hochgeladen …' : 'Logo hochladen'}
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
