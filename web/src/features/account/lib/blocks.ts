// The blocks of /meine-daten: every section of the sedcard as its own form, with its fields, the
// German labels and the client rules of candidate-side.md section 5 (from shared/validation). The
// server's rules (actors/profiles/profile_rules.cpp) are the same; where it answers 422 anyway,
// its messages land on the same fields by their property paths.
import {
  alnumSpace, bic, email, iban, integer, min, minValue, numeric, phoneNumber, required, shortTermEmploymentDays, url,
  vatIdForCountry, zipCodeForCountry, type Rule,
} from '@/shared/validation';
import type { ReferenceListName } from '@/shared/api/reference-lists';
import {
  COMMUNICATION_TYPES, DEGREES, DRIVING_LICENSES, EMPLOYMENT_TYPES, EYE_COLORS, GENDERS,
  HAIR_COLORS, HAIR_LENGTHS, HEALTH_INSURANCE_TYPES, JOB_EMPLOYMENT_STATUSES, LANGUAGE_LEVELS, SHIRT_SIZES,
  SKILL_LEVELS, SOCIAL_PROFILE_TYPES, WORKING_PLACES, WORKING_TIMES, type Option,
} from './options';

export type FieldKind = 'text' | 'textarea' | 'date' | 'number' | 'select' | 'checkbox' | 'multi';
/** `list`: the options are a reference list of the server (every member it accepts), loaded from the API. */
export type Field = {
  name: string; label: string; kind: FieldKind; options?: readonly Option[]; list?: ReferenceListName; rules?: readonly Rule[]; hint?: string;
};

/**
 * `object`: members of one object (`path` null: the profile's top level, e.g. the personal data);
 * `list`: an array of entries, saved as a whole (merge patch replaces arrays).
 */
export type Block = {
  id: string;
  title: string;
  kind: 'object' | 'list';
  path: string | null;
  fields: readonly Field[];
  entryTitle?: string;
  maxEntries?: number;
};

/** communicationData's value: an e-mail, phone or URL rule by the entry's type. */
const communicationValue: Rule = (v, values) => {
  switch (values.type) {
    case 'email': return email(v, values);
    case 'url': return url(v, values);
    case 'tel': case 'mobile': case 'fax': return phoneNumber(v, values);
    default: return null;
  }
};

const experienceFields: Field[] = [
  { name: 'title', label: 'Position / Aufgabe', kind: 'text', rules: [required] },
  { name: 'organization', label: 'Firma / Agentur', kind: 'text' },
  { name: 'activity', label: 'Tätigkeit', kind: 'select', list: 'activities' },
  { name: 'industry', label: 'Branche', kind: 'select', list: 'industries' },
  { name: 'periodFrom', label: 'Von', kind: 'date', rules: [required] },
  { name: 'periodUntil', label: 'Bis', kind: 'date' },
  { name: 'description', label: 'Beschreibung', kind: 'textarea' },
];

export const BLOCKS: readonly Block[] = [
  {
    id: 'personal-data', title: 'Persönliche Daten', kind: 'object', path: null,
    fields: [
      { name: 'firstName', label: 'Vorname', kind: 'text', rules: [required] },
      { name: 'lastName', label: 'Nachname', kind: 'text', rules: [required] },
      { name: 'gender', label: 'Geschlecht', kind: 'select', options: GENDERS },
      { name: 'birthDate', label: 'Geburtsdatum', kind: 'date' },
      { name: 'nationality', label: 'Staatsangehörigkeit', kind: 'select', list: 'countries' },
      { name: 'skinType', label: 'Hauttyp', kind: 'text', rules: [alnumSpace] },
      { name: 'hasActivitySkills', label: 'Ich habe Erfahrung in den Tätigkeiten, die ich suche', kind: 'checkbox' },
      { name: 'profileSummary', label: 'Über mich', kind: 'textarea' },
    ],
  },
  {
    id: 'addresses', title: 'Adressen', kind: 'list', path: 'addresses', entryTitle: 'Adresse', maxEntries: 5,
    fields: [
      { name: 'street', label: 'Straße und Hausnummer', kind: 'text', rules: [required] },
      { name: 'zipcode', label: 'PLZ', kind: 'text', rules: [required, zipCodeForCountry('country')] },
      { name: 'city', label: 'Ort', kind: 'text', rules: [required] },
      { name: 'country', label: 'Land', kind: 'select', list: 'countries', rules: [required] },
      { name: 'nextCity', label: 'Nächste größere Stadt', kind: 'text' },
    ],
  },
  {
    id: 'communication-data', title: 'Kontaktdaten', kind: 'list', path: 'communicationData', entryTitle: 'Kontakt', maxEntries: 10,
    fields: [
      { name: 'type', label: 'Art', kind: 'select', options: COMMUNICATION_TYPES, rules: [required] },
      { name: 'value', label: 'Nummer oder Adresse', kind: 'text', rules: [required, communicationValue] },
    ],
  },
  {
    id: 'appearance', title: 'Aussehen', kind: 'object', path: 'appearance',
    fields: [
      { name: 'bodyHeight', label: 'Körpergröße (cm)', kind: 'number', rules: [integer, minValue(50)] },
      { name: 'eyeColor', label: 'Augenfarbe', kind: 'select', options: EYE_COLORS },
      { name: 'hairColor', label: 'Haarfarbe', kind: 'select', options: HAIR_COLORS },
      { name: 'hairLength', label: 'Haarlänge', kind: 'select', options: HAIR_LENGTHS },
      { name: 'sizeOfClothing', label: 'Konfektionsgröße', kind: 'number', rules: [integer, minValue(26)] },
      { name: 'sizeOfPants', label: 'Hosengröße', kind: 'number', rules: [integer, minValue(20)] },
      { name: 'sizeOfShirt', label: 'Shirtgröße', kind: 'select', options: SHIRT_SIZES },
      { name: 'sizeOfShoe', label: 'Schuhgröße', kind: 'number', rules: [numeric, minValue(16)] },
      { name: 'hasGlasses', label: 'Ich trage eine Brille', kind: 'checkbox' },
      { name: 'hasContactLenses', label: 'Ich trage Kontaktlinsen', kind: 'checkbox' },
      { name: 'hasPiercing', label: 'Ich habe Piercings', kind: 'checkbox' },
      { name: 'piercingLocation', label: 'Wo sind die Piercings?', kind: 'text' },
      { name: 'hasTattoo', label: 'Ich habe Tattoos', kind: 'checkbox' },
      { name: 'tattooLocation', label: 'Wo sind die Tattoos?', kind: 'text' },
    ],
  },
  {
    id: 'mobility', title: 'Mobilität', kind: 'object', path: 'mobility',
    fields: [
      { name: 'ownCar', label: 'Ich habe ein eigenes Auto', kind: 'checkbox' },
      { name: 'carType', label: 'Automodell', kind: 'text', rules: [alnumSpace] },
      { name: 'drivingLicenses', label: 'Führerscheinklassen', kind: 'multi', options: DRIVING_LICENSES },
    ],
  },
  {
    id: 'bank-data', title: 'Bankverbindung', kind: 'object', path: 'bankData',
    fields: [
      { name: 'accountHolder', label: 'Kontoinhaber/in', kind: 'text' },
      { name: 'bankName', label: 'Bank', kind: 'text' },
      { name: 'iban', label: 'IBAN', kind: 'text', rules: [iban] },
      { name: 'bic', label: 'BIC', kind: 'text', rules: [bic] },
    ],
  },
  {
    id: 'health-insurance', title: 'Krankenversicherung', kind: 'object', path: 'healthInsurance',
    fields: [
      { name: 'healthInsuranceName', label: 'Krankenkasse', kind: 'text' },
      { name: 'healthInsuranceNumber', label: 'Versichertennummer', kind: 'text', rules: [alnumSpace] },
      { name: 'healthInsuranceType', label: 'Art der Versicherung', kind: 'select', options: HEALTH_INSURANCE_TYPES },
    ],
  },
  {
    id: 'tax', title: 'Steuern', kind: 'object', path: 'tax',
    fields: [
      { name: 'taxIdentificationNumber', label: 'Steuer-Identifikationsnummer', kind: 'text', rules: [integer, min(11)] },
      { name: 'taxNumber', label: 'Steuernummer', kind: 'text' },
      { name: 'taxOffice', label: 'Finanzamt', kind: 'text' },
      { name: 'denomination', label: 'Konfession (Kirchensteuer)', kind: 'select', list: 'denominations' },
      // The VAT id belongs to the country of the first address (the server reads it the same way).
      { name: 'salesTaxIdentificationNumber', label: 'USt-IdNr.', kind: 'text', rules: [vatIdForCountry('_addressCountry')] },
      { name: 'salesTaxDeductible', label: 'Ich bin vorsteuerabzugsberechtigt', kind: 'checkbox' },
      { name: 'taxSmallBusiness', label: 'Ich bin Kleinunternehmer/in (§ 19 UStG)', kind: 'checkbox' },
    ],
  },
  {
    id: 'personnel-accounting', title: 'Kurzfristige Beschäftigung', kind: 'object', path: 'personnelAccounting',
    fields: [
      { name: 'shortTermEmploymentWorkingDaysCurrentYear', label: 'Arbeitstage in kurzfristiger Beschäftigung dieses Jahr', kind: 'number', rules: [shortTermEmploymentDays] },
      { name: 'shortTermEmploymentWorkingDaysLastYear', label: 'Arbeitstage in kurzfristiger Beschäftigung letztes Jahr', kind: 'number', rules: [shortTermEmploymentDays] },
    ],
  },
  {
    id: 'job-employment', title: 'Beschäftigungsstatus', kind: 'object', path: 'jobEmployment',
    fields: [
      { name: 'jobEmploymentStatus', label: 'Status', kind: 'select', options: JOB_EMPLOYMENT_STATUSES },
      { name: 'jobEmploymentStatusDateFrom', label: 'Seit', kind: 'date' },
      { name: 'jobEmploymentStatusDateUntil', label: 'Bis', kind: 'date' },
      { name: 'jobEmploymentStatusOpenEnded', label: 'Unbefristet', kind: 'checkbox' },
    ],
  },
  {
    id: 'work-preference', title: 'Arbeitswünsche', kind: 'object', path: 'workPreference',
    fields: [
      { name: 'preferredSalary', label: 'Wunschlohn (€ pro Stunde)', kind: 'number', rules: [numeric, minValue(0)] },
      { name: 'preferredActivities', label: 'Tätigkeiten', kind: 'multi', list: 'activities' },
      { name: 'preferredIndustries', label: 'Branchen', kind: 'multi', list: 'industries' },
      { name: 'preferredWorkingTimes', label: 'Arbeitszeiten', kind: 'multi', options: WORKING_TIMES },
      { name: 'preferredWorkingPlaces', label: 'Arbeitsorte', kind: 'multi', options: WORKING_PLACES },
      { name: 'preferredEmploymentTypes', label: 'Anstellungsarten', kind: 'multi', options: EMPLOYMENT_TYPES },
      { name: 'preferenceSummary', label: 'Was du noch sagen möchtest', kind: 'textarea' },
    ],
  },
  { id: 'work-experiences', title: 'Berufserfahrung', kind: 'list', path: 'workExperiences', entryTitle: 'Station', maxEntries: 30, fields: experienceFields },
  { id: 'promotion-experiences', title: 'Promotion-Erfahrung', kind: 'list', path: 'promotionExperiences', entryTitle: 'Einsatz', maxEntries: 30, fields: experienceFields },
  {
    id: 'schoolings', title: 'Schule und Ausbildung', kind: 'list', path: 'schoolings', entryTitle: 'Abschluss', maxEntries: 20,
    fields: [
      { name: 'title', label: 'Schule / Ausbildung', kind: 'text', rules: [required] },
      { name: 'organization', label: 'Einrichtung', kind: 'text' },
      { name: 'degree', label: 'Abschluss', kind: 'select', options: DEGREES },
      { name: 'date', label: 'Datum des Abschlusses', kind: 'date' },
      { name: 'description', label: 'Beschreibung', kind: 'textarea' },
    ],
  },
  {
    id: 'activity-skills', title: 'Tätigkeiten und Fähigkeiten', kind: 'list', path: 'activitySkills', entryTitle: 'Fähigkeit', maxEntries: 50,
    fields: [
      { name: 'skill', label: 'Tätigkeit', kind: 'select', list: 'activities', rules: [required] },
      { name: 'level', label: 'Erfahrung', kind: 'select', options: SKILL_LEVELS, rules: [required] },
    ],
  },
  {
    id: 'languages', title: 'Sprachen', kind: 'list', path: 'languages', entryTitle: 'Sprache', maxEntries: 30,
    fields: [
      { name: 'language', label: 'Sprache', kind: 'select', list: 'languages', rules: [required] },
      { name: 'level', label: 'Niveau', kind: 'select', options: LANGUAGE_LEVELS, rules: [required] },
    ],
  },
  {
    id: 'social-profiles', title: 'Social-Media-Profile', kind: 'list', path: 'socialProfiles', entryTitle: 'Profil', maxEntries: 20,
    fields: [
      { name: 'type', label: 'Netzwerk', kind: 'select', options: SOCIAL_PROFILE_TYPES, rules: [required] },
      { name: 'value', label: 'Link zum Profil', kind: 'text', rules: [required, url] },
    ],
  },
];
