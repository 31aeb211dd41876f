// The job editor's values: read from a job posting, checked by the shared rules and the server's
// length bounds, written as the body of POST/PATCH /job_postings (every field, so a save is the
// form as shown), and drawn as a job like the public page shows it (the live preview). Locations
// are sent by the chosen place (`placeId`) or, when a name was typed without choosing, by name;
// rows left empty are not sent, and the server's `locations[i]` errors are mapped back to the row
// they belong to.
import { email, numeric, phoneNumber, required, validate, type Errors, type Rule } from '@/shared/validation';
import type { JobLocationInput, JobPosting, JobPostingFields, JobTextField, LocationCountry, SalaryCurrency, SalaryUnit, WageExemption } from '@/shared/portal/job-postings';
import type { WordingTexts } from '../api/job-changes';
import { berlinDay, germanNumber } from '@/shared/portal/format';
import type { PlaceChoice } from '@/shared/portal/place-field';

export type LocationRow = { key: number; text: string; place: PlaceChoice | null; street: string; zipcode: string; country: string };

export const TEXT_FIELDS = [
  'locationDescription',
  'periodDescription',
  'workingTime',
  'salaryDescription',
  'overnightStayAllowance',
  'travelExpenses',
  'specialPayments',
  'requirement',
  'benefits',
] as const satisfies readonly JobTextField[];
type TextField = (typeof TEXT_FIELDS)[number];

export type JobForm = Record<TextField, string> & {
  title: string;
  description: string;
  activities: string[];
  employmentTypes: string[];
  industries: string[];
  brands: string;
  tags: string;
  locations: LocationRow[];
  baseSalary: string;
  baseSalaryMax: string;
  salaryUnit: string;
  salaryCurrency: string;
  wageExemption: string;
  contactName: string;
  contactEmail: string;
  contactPhone: string;
  validThrough: string;
  /** The channels chosen (issue 44 item 5); null: none chosen yet, the server gives a new job every free one. */
  channels: string[] | null;
};

export const SALARY_UNITS: [SalaryUnit, string][] = [
  ['hour', 'pro Stunde'],
  ['day', 'pro Einsatz/Tag'],
  ['month', 'pro Monat'],
  ['project', 'als Honorar (freie Mitarbeit)'],
];

/** The minimum-wage exemptions the law knows, chosen explicitly (docs/fair-play.md). */
export const WAGE_EXEMPTIONS: [WageExemption, string][] = [
  ['freelance', 'Freie Mitarbeit (Honorar): kein Arbeitsverhältnis'],
  ['minor', 'Minderjährige ohne abgeschlossene Berufsausbildung (§ 22 Abs. 2 MiLoG)'],
  ['mandatory_internship', 'Pflichtpraktikum (§ 22 Abs. 1 Satz 2 Nr. 1 MiLoG)'],
];

/** A day's pay without shifts is checked as 8 hours of work, as the server does (actors/pay_rules.h). */
export const DAY_HOURS = 8;

/**
 * The hourly pay a pay per shift or day comes to, live as the provider types: "entspricht 10,00 €/h
 * bei 8 Stunden". Null for any other unit or without a number (an hourly pay needs no sum).
 */
export function hourlyEquivalent(form: Pick<JobForm, 'baseSalary' | 'salaryUnit' | 'salaryCurrency'>): string | null {
  if (form.salaryUnit !== 'day' || form.baseSalary.trim() === '') return null;
  const pay = germanNumber(form.baseSalary.trim());
  if (!Number.isFinite(pay) || pay <= 0) return null;
  const cents = Math.floor((Math.round(pay * 100) * 60) / (DAY_HOURS * 60));
  const euros = `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`;
  return `entspricht ${euros} ${form.salaryCurrency === 'CHF' ? 'CHF' : '€'}/h bei ${DAY_HOURS} Stunden (bei Einsätzen: deren Länge ohne Pause)`;
}

/** The German names of the fields, for messages that no field of the form shows. */
export const JOB_FIELD_LABELS: Record<string, string> = {
  title: 'Jobtitel',
  description: 'Beschreibung',
  activities: 'Tätigkeiten',
  employmentTypes: 'Anstellungsarten',
  industries: 'Branchen',
  brands: 'Marken',
  tags: 'Schlagworte',
  locations: 'Einsatzorte',
  'locations[].city': 'Einsatzort',
  'locations[].street': 'Straße',
  'locations[].zipcode': 'PLZ',
  locationDescription: 'Hinweise zum Einsatzort',
  periodDescription: 'Zeitraum',
  workingTime: 'Arbeitszeit',
  salaryDescription: 'Hinweise zur Vergütung',
  baseSalary: 'Grundvergütung',
  baseSalaryMax: 'bis (optional)',
  salaryUnit: 'Vergütung pro',
  wageExemption: 'Ausnahme vom Mindestlohn',
  salaryCurrency: 'Währung',
  overnightStayAllowance: 'Übernachtungspauschale',
  travelExpenses: 'Reisekosten',
  specialPayments: 'Sonderzahlungen',
  requirement: 'Anforderungen',
  benefits: 'Das bieten Sie',
  'contact.name': 'Ansprechperson',
  'contact.email': 'E-Mail der Ansprechperson',
  'contact.phone': 'Telefon der Ansprechperson',
  validThrough: 'Gültig bis',
  channels: 'Kanäle',
  'channels[]': 'Kanal',
};

let nextKey = 1;
export const emptyLocation = (): LocationRow => ({ key: nextKey++, text: '', place: null, street: '', zipcode: '', country: 'de' });

export function emptyJobForm(): JobForm {
  return {
    title: '',
    description: '',
    activities: [],
    employmentTypes: [],
    industries: [],
    brands: '',
    tags: '',
    locations: [emptyLocation()],
    ...(Object.fromEntries(TEXT_FIELDS.map((f) => [f, ''])) as Record<TextField, string>),
    baseSalary: '',
    baseSalaryMax: '',
    salaryUnit: '',
    salaryCurrency: 'EUR',
    wageExemption: '',
    contactName: '',
    contactEmail: '',
    contactPhone: '',
    validThrough: '',
    channels: null,
  };
}

const text = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value));

export function jobToForm(job: JobPosting): JobForm {
  const locations = job.locations.map((l) => ({
    key: nextKey++,
    text: text(l.city),
    place: l.placeId && l.lat != null && l.lon != null ? { label: text(l.city), lat: l.lat, lon: l.lon, id: l.placeId, name: text(l.city) } : null,
    street: text(l.street),
    zipcode: text(l.zipcode),
    country: text(l.country) || 'de',
  }));
  return {
    title: job.title,
    description: text(job.description),
    activities: job.activities.map((a) => a.slug),
    employmentTypes: job.employmentTypes.map((a) => a.slug),
    industries: job.industries.map((a) => a.slug),
    brands: job.brands.join(', '),
    tags: job.tags.join(', '),
    locations: locations.length ? locations : [emptyLocation()],
    ...(Object.fromEntries(TEXT_FIELDS.map((f) => [f, text(job[f])])) as Record<TextField, string>),
    baseSalary: job.baseSalary === null ? '' : String(job.baseSalary).replace('.', ','),
    salaryUnit: text(job.salaryUnit),
    salaryCurrency: text(job.salaryCurrency) || 'EUR',
    baseSalaryMax: job.baseSalaryMax === null || job.baseSalaryMax === undefined ? '' : String(job.baseSalaryMax).replace('.', ','),
    wageExemption: text(job.wageExemption),
    contactName: text(job.contact?.name),
    contactEmail: text(job.contact?.email),
    contactPhone: text(job.contact?.phone),
    validThrough: berlinDay(job.validThrough),
    channels: job.channels ?? null,
  };
}

export const orNull = (value: string) => (value.trim() === '' ? null : value.trim());
/** "a, b" → ["a", "b"] (brands and tags are typed as a comma list). */
export const commaList = (value: string) => value.split(',').map((s) => s.trim()).filter(Boolean);
const filled = (row: LocationRow) => row.text.trim() !== '' || row.street.trim() !== '' || row.zipcode.trim() !== '';

/** The rows that are sent, with their index in the form (server index i → form row sent[i]). */
export const sentLocations = (form: JobForm) => form.locations.map((row, index) => ({ row, index })).filter(({ row }) => filled(row));

/** The value when it is one of `values` (a select's string narrowed to the server's choice). */
const oneOf = <T extends string>(values: readonly T[], value: string): T | undefined => values.find((v) => v === value);
const COUNTRIES: readonly LocationCountry[] = ['de', 'at', 'ch'];
const CURRENCIES: readonly SalaryCurrency[] = ['EUR', 'CHF'];
const UNITS = SALARY_UNITS.map(([unit]) => unit);
const EXEMPTIONS = WAGE_EXEMPTIONS.map(([exemption]) => exemption);

function locationOf(row: LocationRow): JobLocationInput {
  const address = { street: orNull(row.street), zipcode: orNull(row.zipcode) };
  if (row.place?.id && row.place.label === row.text) return { placeId: row.place.id, ...address };
  return { city: row.text.trim(), country: oneOf(COUNTRIES, row.country) ?? 'de', ...address };
}

/** Every job field, so a save is the form as shown (POST and PATCH alike). */
export function formToBody(form: JobForm): JobPostingFields {
  const salary = orNull(form.baseSalary);
  const salaryMax = orNull(form.baseSalaryMax);
  const texts = Object.fromEntries(TEXT_FIELDS.map((f) => [f, orNull(form[f])])) as Record<TextField, string | null>;
  return {
    title: form.title.trim(),
    description: orNull(form.description),
    activities: form.activities,
    employmentTypes: form.employmentTypes,
    industries: form.industries,
    brands: commaList(form.brands),
    tags: commaList(form.tags),
    locations: sentLocations(form).map(({ row }) => locationOf(row)),
    ...texts,
    baseSalary: salary === null ? null : germanNumber(salary),
    salaryUnit: oneOf(UNITS, form.salaryUnit.trim()) ?? null,
    salaryCurrency: oneOf(CURRENCIES, form.salaryCurrency) ?? 'EUR',
    baseSalaryMax: salaryMax === null ? null : germanNumber(salaryMax),
    wageExemption: oneOf(EXEMPTIONS, form.wageExemption) ?? null,
    contact: { name: orNull(form.contactName), email: orNull(form.contactEmail), phone: orNull(form.contactPhone) },
    validThrough: orNull(form.validThrough),
    // Only once chosen: a new job left as it is gets the server's default (every free channel).
    ...(form.channels ? { channels: form.channels } : {}),
  };
}

// Counts what is sent (trimmed, in characters as the server counts them) and says it in the
// server's words (too_long_message in reactor/json_body.cpp), so the message is the same whichever
// side finds it.
const maxLength = (n: number): Rule => (v) =>
  typeof v === 'string' && [...v.trim()].length > n ? `Diese Eingabe ist zu lang. Erlaubt sind höchstens ${n} Zeichen.` : null;
/** The bound of each free text (the server's max_text_chars in actors/jobs/job_postings_editor.cpp). */
export const MAX_TEXT_CHARS = 5000;
// A salary as germanNumber reads it: also "1.000,50" (thousands dots before a decimal comma), which
// the shared `numeric` rule alone refuses.
const salary: Rule = (v, values) => (typeof v === 'string' && /^\d{1,3}(\.\d{3})+,\d+$/.test(v.trim()) ? null : numeric(v, values));
const rangeInOrder: Rule = (v, values) => {
  const max = typeof v === 'string' && v.trim() !== '' ? germanNumber(v.trim()) : NaN;
  const min = germanNumber(String(values.baseSalary ?? '').trim());
  return Number.isFinite(max) && Number.isFinite(min) && max < min ? 'Das Ende der Spanne darf nicht unter ihrem Anfang liegen.' : null;
};
const unitWithSalary: Rule = (v, values) => (String(values.baseSalary ?? '').trim() !== '' && !v ? 'Bitte wählen Sie aus, wofür die Vergütung gilt.' : null);

/** What the browser can check before sending (the server checks everything again). */
export function checkJobForm(form: JobForm): Errors {
  return validate(
    { ...form, 'contact.email': form.contactEmail, 'contact.phone': form.contactPhone },
    {
      title: [required, maxLength(200)],
      description: [maxLength(50000)],
      ...(Object.fromEntries(TEXT_FIELDS.map((f) => [f, [maxLength(MAX_TEXT_CHARS)]])) as Record<TextField, Rule[]>),
      baseSalary: [salary],
      baseSalaryMax: [salary, rangeInOrder],
      salaryUnit: [unitWithSalary],
      'contact.email': [email],
      'contact.phone': [phoneNumber],
    },
  );
}

/** Server errors keyed the way the form shows them: `locations[i].x` of the i-th sent row → that row's index. */
export function formErrors(form: JobForm, server: Errors): Errors {
  const rows = sentLocations(form);
  const out: Errors = {};
  for (const [path, message] of Object.entries(server)) {
    const match = /^locations\[(\d+)\](.*)$/.exec(path);
    const row = match ? rows[Number(match[1])] : undefined;
    out[match && row ? `locations[${row.index}]${match[2]}` : path] = message;
  }
  return out;
}

/** What the live AGG wording check reads from the form: every text and the chosen activities. */
export function wordingTexts(form: JobForm): WordingTexts {
  const texts = Object.fromEntries(TEXT_FIELDS.map((f) => [f, form[f]]));
  return { title: form.title, description: form.description, ...texts, activities: form.activities };
}
