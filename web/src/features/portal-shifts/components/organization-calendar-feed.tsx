// "Kalender abonnieren" on the portal's shift calendar ("Sie"): the private address of the
// organization's calendar feed for the team's calendars (Outlook, Google, Apple), with copy and
// renew. The address is shown once, right after it was made; making a new one ends the old one
// for everyone who subscribed to it (api/calendar-token.ts).
import form from '@/shared/ui/form.module.css';
import { FeedLink } from '@/shared/ui/feed-link';
import { useRenewOrganizationCalendarToken } from '../api/calendar-token';
import { providerMessage } from '@/shared/portal/messages';
import styles from './shift-calendar.module.css';

export function OrganizationCalendarFeed({ organizationId }: { organizationId: number }) {
  const renew = useRenewOrganizationCalendarToken(organizationId);
  return (
    <section aria-labelledby="kalender-abonnieren" className={styles.feed}>
      <h2 id="kalender-abonnieren">Kalender abonnieren</h2>
      <p>
        Mit dem privaten Kalender-Link sieht Ihr Team alle Einsätze Ihres Unternehmens – von 30 Tagen zurück bis ein Jahr im Voraus,
        mit Besetzung und den Namen der bestätigten Kräfte – in Outlook, Google Kalender oder Apple Kalender. Geben Sie den Link nur
        innerhalb Ihres Teams weiter.
      </p>
      <p className={styles.hint}>
        Es gibt einen Link je Unternehmen. Ein neuer Link ersetzt den bisherigen: Kalender mit dem alten Link erhalten dann keine
        Einsätze mehr. Der Link endet auch, wenn die Person, die ihn erstellt hat, das Team verlässt oder ihr Passwort ändert.
      </p>
      <div className={form.row}>
        <button type="button" className={form.secondary} onClick={() => renew.mutate()} disabled={renew.isPending}>
          {renew.isPending ? 'Wird erstellt …' : renew.data ? 'Neuen Link erstellen' : 'Kalender-Link erstellen'}
        </button>
      </div>
      {renew.isError ? (
        <p role="alert">{providerMessage(renew.error, 'Der Link konnte gerade nicht erstellt werden. Bitte versuchen Sie es gleich noch einmal.')}</p>
      ) : null}
      {renew.data ? (
        <FeedLink
          key={renew.data.url}
          id="team-kalender-link"
          url={renew.data.url}
          label="Ihr Kalender-Link (nur jetzt sichtbar)"
          openLabel="Im Kalender öffnen"
          copiedText="Der Link ist kopiert. Fügen Sie ihn in Ihrem Kalender unter „Kalender abonnieren“ bzw. „Per URL hinzufügen“ ein."
          copyFailedText="Der Link konnte nicht kopiert werden. Bitte markieren und kopieren Sie ihn im Feld oben."
        />
      ) : null}
    </section>
  );
}
