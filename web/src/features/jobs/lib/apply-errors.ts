// apply-errors.ts: what the candidate reads when an application is refused (candidate-side.md
// section 8; the texts are the server's, docs/candidate-actions.md "Applying"). The status and
// the violated field decide; the server's own message wins when it sent one, so a reworded server
// text still shows, and the fixed texts cover an answer without a body.
import { ApiError, TimeoutError } from '@/shared/api/client';

export const APPLY_MESSAGES = {
  alreadyApplied: 'Du hast dich bereits auf diesen Job beworben.',
  tooMany: 'Du hast dich in den letzten 30 Minuten schon 10-mal beworben. Bitte warte etwas, bevor du dich erneut bewirbst.',
  inactive: 'Dieser Job ist leider nicht mehr aktiv.',
  incomplete:
    'Deine Profildaten sind unvollständig. Bitte ergänze Name, Geschlecht, Adresse, Kontaktdaten, Sprachen, Tätigkeiten und deinen Beschäftigungsstatus, bevor du dich bewirbst.',
  unverified: 'Bitte bestätige zuerst deine E-Mail-Adresse, bevor du dich bewirbst.',
  location: 'Der gewählte Einsatzort gehört nicht zu diesem Job.',
  notFound: 'Diesen Job gibt es nicht.',
  // A chosen shift is refused (overlap, not this job's, or a rule for minors: the server names it).
  shifts: 'Bitte prüfe die gewählten Einsätze.',
  // Choosing shifts needs the birth date (working time of minors, docs/fair-play.md).
  birthDate: 'Bitte gib dein Geburtsdatum an, bevor du Einsätze wählst.',
  generic: 'Deine Bewerbung konnte gerade nicht gesendet werden. Bitte versuche es später noch einmal.',
} as const;

export type ApplyFailure = {
  /** Which refusal it was: `incomplete` opens the update-and-apply form, `birthDate` asks for it. */
  kind: keyof typeof APPLY_MESSAGES;
  message: string;
};

type Body = { message?: string; violations?: { propertyPath?: string; message?: string }[] } | undefined;

export function applyFailure(error: unknown): ApplyFailure {
  if (error instanceof TimeoutError || !(error instanceof ApiError)) return { kind: 'generic', message: APPLY_MESSAGES.generic };
  const body = error.body as Body;
  const pick = (kind: ApplyFailure['kind'], server?: string): ApplyFailure => ({ kind, message: server || APPLY_MESSAGES[kind] });
  switch (error.status) {
    case 409:
      return pick('alreadyApplied', body?.message);
    case 429:
      return pick('tooMany', body?.message);
    case 410:
      return pick('inactive', body?.message);
    case 403:
      return pick('unverified', body?.message);
    case 404:
      return pick('notFound', body?.message);
    case 422: {
      const violation = body?.violations?.[0];
      if (violation?.propertyPath === 'locations') return pick('location', violation.message);
      if (violation?.propertyPath === 'shifts') return pick('shifts', violation.message);
      if (violation?.propertyPath === 'birthDate') return pick('birthDate', violation.message);
      return pick('incomplete', violation?.propertyPath === 'hasRelevantDataForApplication' ? violation.message : undefined);
    }
    default:
      return pick('generic');
  }
}
