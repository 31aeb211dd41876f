// The update-and-apply form: exactly the data relevant for applying (candidate-side.md section 5:
// first and last name, gender, the activity-skills flag, an address, communication data, a
// language and the employment status). Checked here with the shared rules, stored with one PATCH
// of the profile, then the caller sends the application. The server's 422 marks the same fields.
import { useMutation } from '@tanstack/react-query';
import { useReferenceList } from '@/shared/api/reference-lists';
import { LANGUAGE_LEVELS_HIGHEST_FIRST } from '@/shared/lib/sedcard-options';
import form from '@/shared/ui/form.module.css';
import { useMutationForm } from '@/shared/forms/use-mutation-form';
import { TextField } from '@/shared/ui/text-field';
import { messages, phoneNumber, required, zipCodeForCountry } from '@/shared/validation';
import { patchCandidateProfile, type CandidateProfile } from '@/shared/api/candidate-profile';

export const GENDERS = [
  ['female', 'Weiblich'],
  ['male', 'Männlich'],
  ['diverse', 'Divers'],
  ['any', 'Keine Angabe'],
] as const;

export const EMPLOYMENT_STATUSES = [
  ['student', 'Student/in'],
  ['scholar', 'Schüler/in'],
  ['trainee', 'Auszubildende/r'],
  ['freelancer', 'Freiberufler/in'],
  ['pensioner', 'Rentner/in'],
  ['unemployed', 'Arbeitsuchend'],
  ['minijobber', 'Minijobber/in'],
  ['voluntary_year', 'Freiwilliges Jahr (FSJ, FÖJ, BFD)'],
  ['employee', 'Angestellte/r'],
  ['civil_servant', 'Beamte/r'],
  ['self_employed', 'Selbstständig'],
  ['homemaker', 'Hausfrau/Hausmann'],
  ['parental_leave', 'In Elternzeit'],
] as const;


const COUNTRIES = [
  ['de', 'Deutschland'],
  ['at', 'Österreich'],
  ['ch', 'Schweiz'],
] as const;

const SCHEMA = {
  firstName: [required],
  lastName: [required],
  gender: [required],
  hasActivitySkills: [(v: unknown) => (v === true ? null : messages.required)],
  street: [required],
  zipcode: [required, zipCodeForCountry('country')],
  city: [required],
  country: [required],
  phone: [required, phoneNumber],
  language: [(v: unknown) => (v ? null : messages.languageRequired)],
  level: [required],
  jobEmploymentStatus: [required],
};

type Values = Record<string, string | boolean>;

/** The PATCH body for the form's values: the first address, phone and language replaced. */
export function relevantDataPatch(values: Values) {
  return {
    firstName: values.firstName,
    lastName: values.lastName,
    gender: values.gender,
    hasActivitySkills: true,
    addresses: [{ street: values.street, zipcode: values.zipcode, city: values.city, country: values.country }],
    communicationData: [{ type: 'mobile', value: values.phone }],
    languages: [{ language: values.language, level: values.level }],
    jobEmployment: { jobEmploymentStatus: values.jobEmploymentStatus },
  };
}

/** A server violation path (`addresses[0].zipcode`, `communicationData[0].value`) → form field. */
export function fieldOf(path: string): string {
  if (path.startsWith('communicationData')) return 'phone';
  if (path.startsWith('languages')) return path.endsWith('level') ? 'level' : 'language';
  if (path.startsWith('jobEmployment')) return 'jobEmploymentStatus';
  if (path.startsWith('addresses')) return path.split('.').pop() ?? 'street';
  return path;
}

function initial(profile: CandidateProfile): Values {
  const address = profile.addresses?.[0];
  const phone = profile.communicationData?.find((c) => c.type === 'mobile' || c.type === 'tel');
  const language = profile.languages?.[0];
  return {
    firstName: profile.firstName ?? '',
    lastName: profile.lastName ?? '',
    gender: profile.gender ?? '',
    hasActivitySkills: profile.hasActivitySkills === true,
    street: address?.street ?? '',
    zipcode: address?.zipcode ?? '',
    city: address?.city ?? '',
    country: address?.country ?? 'de',
    phone: phone?.value ?? '',
    language: language?.language ?? 'de',
    level: language?.level ?? 'native',
    jobEmploymentStatus: profile.jobEmployment?.jobEmploymentStatus ?? '',
  };
}

type Props = { profile: CandidateProfile; busy: boolean; onSaved: () => Promise<void> | void; children?: React.ReactNode };

export function UpdateAndApplyForm({ profile, busy, onSaved, children }: Props) {
  const mutation = useMutation({ mutationFn: (values: Values) => patchCandidateProfile(profile.id, relevantDataPatch(values)) });
  const { form: state, ref, onSubmit, busy: saving, error: errorOf, failed } = useMutationForm<Values>({
    mutation,
    defaultValues: initial(profile),
    rules: SCHEMA,
    fieldOf,
    // The caller sends the application now (and is busy meanwhile).
    onSuccess: () => void onSaved(),
  });
  const languages = useReferenceList('languages').map((e) => [e.code, e.name] as const);
  const refusedHere = Object.keys(state.formState.errors).some((name) => name !== 'root');
  const error = failed
    ? 'Deine Angaben konnten nicht gespeichert werden. Bitte prüfe die rot markierten Felder.'
    : refusedHere
      ? 'Bitte prüfe die rot markierten Felder. Deine Angaben wurden noch nicht gespeichert.'
      : '';

  const select = (name: string, label: string, options: readonly (readonly [string, string])[], placeholder?: string) => (
    <div className={form.field}>
      <label htmlFor={`apply-${name}`}>{label}</label>
      {/* Drawn from the form's value: the languages arrive after the first drawing. */}
      <select id={`apply-${name}`} {...state.register(name)} value={String(state.watch(name) ?? '')} aria-invalid={errorOf(name) ? true : undefined} aria-describedby={errorOf(name) ? `apply-${name}-error` : undefined}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map(([value, title]) => (
          <option key={value} value={value}>
            {title}
          </option>
        ))}
      </select>
      {errorOf(name) && (
        <p id={`apply-${name}-error`} className={form.error}>
          {errorOf(name)}
        </p>
      )}
    </div>
  );
  const field = (name: string, label: string, extra: Record<string, string> = {}) => (
    <TextField label={label} {...state.register(name)} error={errorOf(name)} {...extra} />
  );

  return (
    <form ref={ref} onSubmit={onSubmit} noValidate aria-label="Angaben für deine Bewerbung">
      <p>Für deine Bewerbung braucht der Jobanbieter noch ein paar Angaben von dir. Wir speichern sie in deinem Profil, dann geht deine Bewerbung raus.</p>
      {field('firstName', 'Vorname', { autoComplete: 'given-name' })}
      {field('lastName', 'Nachname', { autoComplete: 'family-name' })}
      {select('gender', 'Geschlecht', GENDERS, 'Bitte wählen')}
      {field('street', 'Straße und Hausnummer', { autoComplete: 'street-address' })}
      {field('zipcode', 'Postleitzahl', { autoComplete: 'postal-code', inputMode: 'numeric' })}
      {field('city', 'Ort', { autoComplete: 'address-level2' })}
      {select('country', 'Land', COUNTRIES)}
      {field('phone', 'Handynummer', { autoComplete: 'tel', type: 'tel' })}
      {select('language', 'Sprache', languages)}
      {select('level', 'Sprachniveau', LANGUAGE_LEVELS_HIGHEST_FIRST)}
      {select('jobEmploymentStatus', 'Beschäftigungsstatus', EMPLOYMENT_STATUSES, 'Bitte wählen')}
      <div className={form.field}>
        <label>
          <input type="checkbox" {...state.register('hasActivitySkills')} aria-invalid={errorOf('hasActivitySkills') ? true : undefined} /> Ich habe Erfahrung in
          Tätigkeiten wie Promotion, Service, Messe oder Verkauf
        </label>
        {errorOf('hasActivitySkills') && <p className={form.error}>{errorOf('hasActivitySkills')}</p>}
      </div>
      {children}
      {error && (
        <p className={form.error} role="alert">
          {error}
        </p>
      )}
      <button type="submit" className={form.yellow} disabled={busy || saving}>
        Speichern und bewerben
      </button>
    </form>
  );
}
