// "Nächste freie Einsätze" on the job page (issue 41, item 12): before applying, everyone sees the
// job's next free shifts (date, weekday, times, place, "noch N Plätze"), at most five, and "Alle N
// Einsätze anzeigen" for the rest. Free: not cancelled, not begun, not full (docs/shifts.md); a
// shift kept for the organization's regulars first is listed with the time it opens to everyone.
// The server says which shifts are free and how many (`?free=1`, the rule the result cards read, review
// 22 finding 1): the first five, then on "Alle N" pages of 100 ("Weitere laden" past the first 100).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { getJobFreeShifts, myShiftsQueryOptions, poolOpensLabel, shiftKeys, shiftTimeLabel, type Shift } from '@/shared/api/shifts';
import form from '@/shared/ui/form.module.css';

export const SHIFTS_SHOWN = 5;
const PAGE = 100;

function placesLeft(n: number): string {
  return n === 1 ? 'noch 1 Platz' : `noch ${n} Plätze`;
}

/** The free shifts shown: the first five (`pages` 0), or the first `pages` pages of 100, and the number of all. */
async function readFree(jobId: number, pages: number, signal?: AbortSignal): Promise<{ shifts: Shift[]; total: number }> {
  if (pages === 0) {
    const first = await getJobFreeShifts(jobId, 1, SHIFTS_SHOWN, signal);
    return { shifts: first['hydra:member'], total: first['hydra:totalItems'] };
  }
  const all = await Promise.all(Array.from({ length: pages }, (_, i) => getJobFreeShifts(jobId, i + 1, PAGE, signal)));
  return { shifts: all.flatMap((p) => p['hydra:member']), total: all.at(-1)?.['hydra:totalItems'] ?? 0 };
}

/**
 * `applied`: the signed-in candidate applied to this job; her own chosen and confirmed shifts are then
 * marked ("du bist dabei", "von dir gewählt"), and she is sent to "Meine Einsätze" instead of being
 * told to choose while applying (review 22, finding 5).
 */
export function JobNextShifts({ jobId, applied = false }: { jobId: number; applied?: boolean }) {
  const mine = useQuery({ ...myShiftsQueryOptions(), enabled: applied });
  const myStatus = new Map(
    (applied ? (mine.data?.['hydra:member'] ?? []) : []).map((s) => [s.id, s.shiftApplication.status] as const),
  );
  const [pages, setPages] = useState(0);
  const free = useQuery({
    queryKey: shiftKeys.freeOfJob(jobId, pages),
    queryFn: ({ signal }) => readFree(jobId, pages, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const shown = free.data?.shifts ?? [];
  const total = free.data?.total ?? 0;
  if (shown.length === 0) return null;
  return (
    <section aria-labelledby="naechste-einsaetze">
      <h2 id="naechste-einsaetze">Nächste freie Einsätze</h2>
      <ul data-job-next-shifts="">
        {shown.map((shift) => (
          <li key={shift.id}>
            <strong>{shiftTimeLabel(shift)}</strong>
            {shift.place ? `, ${shift.place.name}` : ''} – {placesLeft(shift.freePlaces)}
            {shift.poolOnlyUntil ? ` – zuerst für die Stammkräfte des Unternehmens, für alle ab ${poolOpensLabel(shift.poolOnlyUntil)}` : ''}
            {myStatus.get(shift.id) === 'confirmed' ? ' – du bist dabei' : ''}
            {myStatus.get(shift.id) === 'pending' ? ' – von dir gewählt' : ''}
          </li>
        ))}
      </ul>
      {total > shown.length ? (
        <button type="button" className={form.secondary} disabled={free.isFetching} onClick={() => setPages(pages + 1)}>
          {pages === 0 ? `Alle ${total} Einsätze anzeigen` : 'Weitere Einsätze laden'}
        </button>
      ) : null}
      {applied ? (
        <p>
          Deine gewählten und bestätigten Einsätze findest du unter <Link to="/meine-einsaetze">Meine Einsätze</Link>.
        </p>
      ) : (
        <p>Die Einsätze wählst du beim Bewerben aus.</p>
      )}
    </section>
  );
}
