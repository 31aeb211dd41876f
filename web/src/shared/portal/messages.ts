// What a provider reads when something fails, addressed with "Sie": the server's own German
// message where it has one for providers, else a message per kind of failure. A 422 answer's
// violations go to their fields (serverErrors); the ones no field shows are listed with the
// field's name.
import { ApiError, TimeoutError } from '@/shared/api/client';
import { serverErrors, type Errors } from '@/shared/validation';

export const TRY_AGAIN = 'Das hat leider nicht geklappt. Bitte versuchen Sie es noch einmal.';
export const CHECK_FIELDS = 'Bitte prüfen Sie die markierten Felder.';

/** Already in the providers' words (the team's and the candidate search's limits say "Sie"). */
const FORMAL = /\b(Sie|Ihr|Ihre|Ihrem|Ihren)\b/;

/** The server's candidate wording ("du") of the sign-in answers, said to providers with "Sie". */
function formalLogin(status: number, message: string): string | null {
  if (status === 401 && /gesperrt/.test(message)) return 'Ihr Konto ist gesperrt. Bitte wenden Sie sich an unseren Support.';
  if (status === 429 && !FORMAL.test(message)) {
    const seconds = /(\d+)\s*Sekunden/.exec(message)?.[1];
    return seconds
      ? `Zu viele fehlgeschlagene Anmeldeversuche. Bitte warten Sie ${seconds} Sekunden und versuchen Sie es dann noch einmal.`
      : 'Zu viele Versuche. Bitte warten Sie einen Moment und versuchen Sie es dann noch einmal.';
  }
  return null;
}

export function providerMessage(error: unknown, fallback = TRY_AGAIN): string {
  if (error instanceof TimeoutError) return 'Der Server antwortet gerade nicht. Bitte versuchen Sie es gleich noch einmal.';
  if (error instanceof TypeError) return 'Keine Verbindung zum Server. Bitte prüfen Sie Ihre Internetverbindung und versuchen Sie es noch einmal.';
  if (!(error instanceof ApiError)) return fallback;
  const body = error.body as { message?: string } | undefined;
  const message = body?.message ?? '';
  const formal = formalLogin(error.status, message);
  if (formal) return formal;
  if (error.status === 401 && !message.includes('Passwort')) return 'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.';
  if (error.status === 413) return 'Die Datei ist zu groß.';
  if (error.status >= 500) return 'Beim Server ist ein Fehler aufgetreten. Bitte versuchen Sie es später noch einmal.';
  return message || fallback;
}

/** Field → message of a 422 answer (empty for every other failure). */
export const fieldErrors = (error: unknown): Errors => serverErrors(error);

/**
 * The violations no field of the form shows, as "Feldname: Meldung" lines (a 422 on publishing
 * names fields the list cannot show, e.g. the description).
 */
export function otherViolations(errors: Errors, shown: (path: string) => boolean, labels: Record<string, string>): string[] {
  return Object.entries(errors)
    .filter(([path]) => !shown(path))
    .map(([path, message]) => `${labels[path.replace(/\[\d+\]/g, '[]')] ?? path}: ${message}`);
}
