// "Nächste freie Einsätze" on the job page (issue 41, item 12): before applying, everyone sees the
// job's next free shifts (date, weekday, times, place, "noch N Plätze"), at most five, and "Alle N
// Einsätze anzeigen" for the rest. Free: not cancelled, not begun, not full (docs/shifts.md); a
// shift kept for the organization's regulars first is listed with the time it opens to everyone.
// Reads the job's public shift list, the same cache entry as the waitlist and the shift choice.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { getJobShifts, poolOpensLabel, shiftKeys, shiftTimeLabel, type Shift } from '@/shared/api/shifts';
import form from '@/shared/ui/form.module.css';

export const SHIFTS_SHOWN = 5;

/** The free shifts of a public list, soonest first: places left and not begun by `now`. */
export function freeShifts(shifts: Shift[], now: Date = new Date()): Shift[] {
  return shifts.filter((s) => s.freePlaces > 0 && !s.cancelledAt && new Date(s.startsAt) > now);
}

function placesLeft(n: number): string {
  return n === 1 ? 'noch 1 Platz' : `noch ${n} Plätze`;
}

export function JobNextShifts({ jobId }: { jobId: number }) {
  const shifts = useQuery({ queryKey: shiftKeys.ofJob(jobId, false), queryFn: ({ signal }) => getJobShifts(jobId, false, signal), retry: false });
  const [all, setAll] = useState(false);
  const free = freeShifts(shifts.data?.['hydra:member'] ?? []);
  if (free.length === 0) return null;
  const shown = all ? free : free.slice(0, SHIFTS_SHOWN);
  return (
    <section aria-labelledby="naechste-einsaetze">
      <h2 id="naechste-einsaetze">Nächste freie Einsätze</h2>
      <ul data-job-next-shifts="">
        {shown.map((shift) => (
          <li key={shift.id}>
            <strong>{shiftTimeLabel(shift)}</strong>
            {shift.place ? `, ${shift.place.name}` : ''} – {placesLeft(shift.freePlaces)}
            {shift.poolOnlyUntil ? ` – zuerst für die Stammkräfte des Unternehmens, für alle ab ${poolOpensLabel(shift.poolOnlyUntil)}` : ''}
          </li>
        ))}
      </ul>
      {free.length > SHIFTS_SHOWN && !all ? (
        <button type="button" className={form.secondary} onClick={() => setAll(true)}>
          Alle {free.length} Einsätze anzeigen
        </button>
      ) : null}
      <p>Die Einsätze wählst du beim Bewerben aus.</p>
    </section>
  );
}
