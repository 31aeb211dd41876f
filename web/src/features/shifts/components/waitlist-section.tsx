// "Wartelisten" on /meine-einsaetze (issue 43, item 6; docs/shifts.md "Waitlist and refill"): the
// shifts the candidate waits for, with the place in the queue and "Warteliste verlassen", and an
// open offer with its deadline and the link "Platz übernehmen".
import { Link } from 'react-router';
import { errorMessage } from '@/shared/api/error-message';
import { useMyShiftOffers, useWaitlist, type ShiftOffer } from '@/shared/api/shift-waitlist';
import { shiftTimeLabel } from '@/shared/api/shifts';
import form from '@/shared/ui/form.module.css';

/** "14:35 Uhr" (Berlin) of an ISO instant, with the date when it is not today. */
export function deadlineText(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  const day = (d: Date) => d.toLocaleDateString('de-DE', { timeZone: 'Europe/Berlin' });
  const time = at.toLocaleTimeString('de-DE', { timeZone: 'Europe/Berlin', hour: '2-digit', minute: '2-digit' });
  return day(at) === day(now) ? `${time} Uhr` : `${day(at)}, ${time} Uhr`;
}

function Entry({ entry, onLeave, leaving }: { entry: ShiftOffer; onLeave: (shiftId: number) => void; leaving: boolean }) {
  const label = shiftTimeLabel(entry.shift);
  return (
    <li>
      <strong>{label}</strong> – <Link to={`/jobs/${entry.job.slug}`}>{entry.job.title}</Link> bei {entry.job.organizationName}
      <div>
        {entry.status === 'waiting' ? `Du bist Nummer ${entry.position ?? 1} auf der Warteliste.` : null}
        {entry.status === 'offered' && entry.expiresAt ? (
          <>
            Ein Platz ist frei! Das Angebot gilt bis {deadlineText(entry.expiresAt)}.{' '}
            <Link className={form.yellow} to={`/einsatz-angebot/${entry.id}`}>Platz übernehmen</Link>
          </>
        ) : null}
        {entry.status === 'expired' ? 'Das Angebot ist abgelaufen.' : null}
        {entry.status === 'missed' ? 'Der Platz war leider schon vergeben.' : null}
      </div>
      {entry.status === 'waiting' || entry.status === 'offered' ? (
        <button type="button" className={form.secondary} disabled={leaving} onClick={() => onLeave(entry.shift.id)}
          aria-label={`Warteliste verlassen: ${label}`}>
          Warteliste verlassen
        </button>
      ) : null}
    </li>
  );
}

export function WaitlistSection() {
  const offers = useMyShiftOffers();
  const { leave } = useWaitlist();
  // An accepted offer is a confirmed shift above; only what is still open or just ended shows here.
  const entries = (offers.data?.['hydra:member'] ?? []).filter((e) => e.status !== 'accepted');
  if (entries.length === 0) return null;
  return (
    <section aria-labelledby="wartelisten">
      <h2 id="wartelisten">Wartelisten</h2>
      <ul>
        {entries.map((entry) => (
          <Entry key={entry.id} entry={entry} onLeave={(id) => leave.mutate(id)} leaving={leave.isPending} />
        ))}
      </ul>
      {leave.isError ? <p role="alert">{errorMessage(leave.error, 'Das hat gerade nicht geklappt. Bitte versuche es gleich noch einmal.')}</p> : null}
    </section>
  );
}
