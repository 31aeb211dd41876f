// The sedcard's enumerations (candidate-side.md section 3) with their German labels, for the
// candidate's forms and the provider portal's applicant view. The labels
// match the sedcard PDF's (actors/profiles/sedcard_model.cpp), so the form and the PDF say the same.
// The long reference lists (countries, languages, activities, industries, denominations) are not
// here: forms load them from GET /api/reference_lists/{name} (shared/api/reference-lists.ts).
export type Option = readonly [value: string, label: string];

export const GENDERS: Option[] = [['female', 'Weiblich'], ['male', 'Männlich'], ['diverse', 'Divers'], ['any', 'Keine Angabe']];
export const EYE_COLORS: Option[] = [['blue', 'Blau'], ['brown', 'Braun'], ['gray', 'Grau'], ['green', 'Grün'], ['powder_blue', 'Hellblau']];
export const HAIR_COLORS: Option[] = [
  ['bald', 'Glatze'], ['black', 'Schwarz'], ['blonde', 'Blond'], ['brown', 'Braun'], ['brunette', 'Brünett'],
  ['dark_blonde', 'Dunkelblond'], ['dark_brown', 'Dunkelbraun'], ['gray', 'Grau'], ['light_blonde', 'Hellblond'],
  ['light_brown', 'Hellbraun'], ['red', 'Rot'], ['white', 'Weiß'],
];
export const HAIR_LENGTHS: Option[] = [['long', 'Lang'], ['middle', 'Mittellang'], ['short', 'Kurz'], ['none', 'Keine Haare']];
export const HEALTH_INSURANCE_TYPES: Option[] = [['statutory', 'Gesetzlich'], ['voluntary', 'Freiwillig gesetzlich'], ['private', 'Privat']];
export const SHIRT_SIZES: Option[] = ['xs', 's', 'm', 'l', 'xl', 'xxl'].map((s) => [s, s.toUpperCase()] as const);
export const SKILL_LEVELS: Option[] = [['beginner', 'Einsteiger'], ['advanced', 'Fortgeschritten'], ['expert', 'Experte']];
export const LANGUAGE_LEVELS: Option[] = [
  ['basic', 'Grundkenntnisse'], ['advanced', 'Fortgeschritten'], ['expert', 'Verhandlungssicher'], ['native', 'Muttersprache'],
];
/** The same levels, the highest first: how the registration and the application ask for one. */
export const LANGUAGE_LEVELS_HIGHEST_FIRST: Option[] = [...LANGUAGE_LEVELS].reverse();
export const DEGREES: Option[] = [
  ['isced_none', 'Ohne Abschluss'], ['2', 'Haupt- oder Realschulabschluss'], ['24', 'Mittlerer Schulabschluss mit Berufsvorbereitung'],
  ['3', 'Abitur oder Berufsausbildung'], ['5', 'Meister, Techniker oder Fachwirt'], ['6', 'Bachelor'], ['7', 'Master oder Diplom'],
  ['8', 'Promotion'], ['9', 'Sonstiger Abschluss'],
];
export const SOCIAL_PROFILE_TYPES: Option[] = [
  ['instagram', 'Instagram'], ['facebook', 'Facebook'], ['tiktok', 'TikTok'], ['linkedin', 'LinkedIn'], ['xing', 'XING'],
  ['twitter', 'X (Twitter)'], ['snapchat', 'Snapchat'], ['apple', 'Apple'], ['google', 'Google'], ['microsoft', 'Microsoft'], ['misc', 'Sonstiges'],
];
export const EMPLOYMENT_TYPES: Option[] = [
  ['full_time', 'Vollzeit'], ['part_time', 'Teilzeit'], ['part_time_mini', 'Minijob'], ['temporary', 'Befristet / Aushilfe'],
  ['student', 'Werkstudent'], ['training', 'Ausbildung / Praktikum'], ['contractor', 'Freiberuflich'],
];
export const WORKING_PLACES: Option[] = [
  ['regional_home', 'In der Region (täglich nach Hause)'], ['regional_sleep', 'In der Region (mit Übernachtung)'],
  ['nationwide', 'Deutschlandweit'], ['abroad', 'Im Ausland'], ['home', 'Von zu Hause'],
];
export const WORKING_TIMES: Option[] = [
  ['always', 'Jederzeit'], ['arrangement', 'Nach Absprache'], ['day', 'Tagsüber'], ['evening', 'Abends'],
  ['weekdays', 'Werktags'], ['weekend', 'Am Wochenende'], ['holidays', 'In den Ferien'],
];
export const JOB_EMPLOYMENT_STATUSES: Option[] = [
  ['student', 'Student/in'], ['scholar', 'Schüler/in'], ['trainee', 'Auszubildende/r'], ['employee', 'Angestellte/r'],
  ['civil_servant', 'Beamte/r'], ['self_employed', 'Selbstständig'], ['freelancer', 'Freiberufler/in'],
  ['minijobber', 'Minijobber/in'], ['pensioner', 'Rentner/in'], ['unemployed', 'Arbeitssuchend'], ['homemaker', 'Hausfrau / Hausmann'],
  ['parental_leave', 'In Elternzeit'], ['voluntary_year', 'Freiwilliges Jahr (FSJ/BFD)'],
];
export const DRIVING_LICENSES: Option[] = ['AM', 'A1', 'A2', 'A', 'B', 'B96', 'BE', 'C1', 'C1E', 'C', 'CE', 'D1', 'D1E', 'D', 'DE', 'L', 'T', '1', '1a', '1b', '2', '3']
  .map((c) => [c, /^\d/.test(c) ? `Klasse ${c} (alt)` : `Klasse ${c}`] as const);
export const COMMUNICATION_TYPES: Option[] = [['mobile', 'Handy'], ['tel', 'Telefon'], ['email', 'E-Mail'], ['fax', 'Fax'], ['url', 'Webseite']];
export const ALERT_INTERVALS: Option[] = [['hourly', 'Stündlich'], ['four_hourly', 'Alle 4 Stunden'], ['daily', 'Täglich'], ['weekly', 'Wöchentlich']];

export const labelOf = (options: readonly Option[], value: unknown) =>
  options.find(([v]) => v === value)?.[1] ?? (value == null ? '' : String(value));

/** A spoken language as people read it, "Deutsch (Muttersprache)": the name from the reference list
 * of languages (its code while the list loads), the level's German label in brackets. */
export const languageText = (names: readonly { code: string; name: string }[], l: { language?: string; level?: string }) => {
  const name = names.find((e) => e.code === l.language)?.name ?? l.language ?? '';
  return l.level ? `${name} (${labelOf(LANGUAGE_LEVELS, l.level)})` : name;
};
// Documents: the three kinds, the types of a misc document, and every type's name.
export const DOCUMENT_KINDS: Option[] = [
  ['business_license', 'Gewerbeschein'],
  ['certificate_of_enrollment', 'Immatrikulationsbescheinigung'],
  ['misc', 'Weiteres Dokument'],
];
export const MISC_DOCUMENT_TYPES: Option[] = [
  ['cv', 'Lebenslauf'], ['certificate', 'Zeugnis'], ['health_certificate', 'Gesundheitszeugnis'], ['criminal_record', 'Führungszeugnis'],
  ['identification_card', 'Ausweis'], ['driving_license', 'Führerschein'], ['work_permit', 'Arbeitserlaubnis'], ['tax_card', 'Steuerkarte'],
  ['tax_confirmation', 'Steuerbescheinigung'], ['bfa_befreiung', 'Befreiung von der Rentenversicherungspflicht'], ['misc', 'Sonstiges'],
];
export const DOCUMENT_TYPES: Option[] = [...MISC_DOCUMENT_TYPES, ['business_license', 'Gewerbeschein'], ['enrollment_certificate', 'Immatrikulationsbescheinigung']];
