// "Auf die Warteliste" on the job page (issue 43, item 6; docs/shifts.md "Waitlist and refill"):
// for a candidate who applied to the job, its full shifts, each with joining or leaving its
// waitlist. When a place frees, the first waiting gets a mail with "Platz übernehmen".
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '@/shared/api/error-message';
import { getJobShifts, shiftKeys, shiftTimeLabel, type Shift } from '@/shared/api/shifts';
import form from '@/shared/ui/form.module.css';
import { useMyShiftOffers, useWaitlist, type ShiftOffer } from '@/shared/api/shift-waitlist';

function entryText(entry: ShiftOffer | undefined): string {
  if (!entry) return '';
  if (entry.status === 'offered') return 'Ein Platz ist frei – schau in dein Postfach oder unter „Meine Einsätze“.';
  if (entry.status === 'waiting') return `Du stehst auf der Warteliste (Platz ${entry.position ?? 1}).`;
  return '';
}

export function JobWaitlist({ jobId }: { jobId: number }) {
  const shifts = useQuery({ queryKey: shiftKeys.ofJob(jobId, false), queryFn: ({ signal }) => getJobShifts(jobId, false, signal), retry: false });
  const offers = useMyShiftOffers();
  const { join, leave } = useWaitlist();
  const full = (shifts.data?.['hydra:member'] ?? []).filter((s: Shift) => s.freePlaces === 0);
  if (full.length === 0) return null;
  const entryOf = (id: number) =>
    offers.data?.['hydra:member'].find((e) => e.shift.id === id && (e.status === 'waiting' || e.status === 'offered'));
  const failure = join.error ?? leave.error;
  return (
    <section aria-labelledby="warteliste">
      <h2 id="warteliste">Voll besetzte Einsätze</h2>
      <p>Wird ein Platz frei, fragen wir die Warteliste der Reihe nach per E-Mail. Wer zuerst zusagt, bekommt den Platz.</p>
      <ul>
        {full.map((shift) => {
          const entry = entryOf(shift.id);
          const label = shiftTimeLabel(shift);
          return (
            <li key={shift.id}>
              <strong>{label}</strong>
              {shift.place ? `, ${shift.place.name}` : ''} – {shift.confirmed} von {shift.staffNeeded} besetzt
              {entry ? <div role="status">{entryText(entry)}</div> : null}
              <div>
                {entry ? (
                  <button type="button" className={form.secondary} disabled={leave.isPending} onClick={() => leave.mutate(shift.id)}
                    aria-label={`Warteliste verlassen: ${label}`}>
                    Warteliste verlassen
                  </button>
                ) : (
                  <button type="button" className={form.secondary} disabled={join.isPending} onClick={() => join.mutate(shift.id)}
                    aria-label={`Auf die Warteliste: ${label}`}>
                    Auf die Warteliste
                  </button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      {failure ? <p role="alert">{errorMessage(failure, 'Das hat gerade nicht geklappt. Bitte versuche es gleich noch einmal.')}</p> : null}
    </section>
  );
}
