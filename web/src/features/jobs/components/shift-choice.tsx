// The shifts (Einsätze) a candidate or a visitor can pick while applying: the job's upcoming shifts
// with free places (GET /job_postings/{id}/shifts, public). A job without shifts shows nothing; the
// server refuses overlapping choices with its own message at `shifts` (docs/shifts.md).
import { useQuery } from '@tanstack/react-query';
import { getJobShifts, shiftKeys, shiftTimeLabel } from '@/shared/api/shifts';

type Props = { jobId: number; chosen: number[]; onChange: (ids: number[]) => void };

export function ShiftChoice({ jobId, chosen, onChange }: Props) {
  const shifts = useQuery({ queryKey: shiftKeys.ofJob(jobId, false), queryFn: ({ signal }) => getJobShifts(jobId, false, signal), retry: false });
  const open = (shifts.data?.['hydra:member'] ?? []).filter((s) => s.freePlaces > 0);
  if (open.length === 0) return null;
  return (
    <fieldset>
      <legend>Für welche Einsätze bewirbst du dich? (optional)</legend>
      {open.map((shift) => (
        <label key={shift.id} style={{ display: 'block' }}>
          <input
            type="checkbox"
            name="shift"
            value={shift.id}
            checked={chosen.includes(shift.id)}
            onChange={(e) => onChange(e.target.checked ? [...chosen, shift.id] : chosen.filter((id) => id !== shift.id))}
          />{' '}
          {shiftTimeLabel(shift)}
          {shift.place ? `, ${shift.place.name}` : ''} – noch {shift.freePlaces} {shift.freePlaces === 1 ? 'Platz' : 'Plätze'} frei
        </label>
      ))}
    </fieldset>
  );
}
