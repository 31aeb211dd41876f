// The series form on a job's shift page ("Sie"; issue 43): a range of days (each can be left
// out) × time slots with the staff each needs, sent as one request — all shifts or none. The
// server names each bad slot (slots[1].end …) and each bad date; they are shown at the slot or in
// the list. At most 200 shifts a request, counted here before sending.
import { useState, type FormEvent } from 'react';
import form from '@/shared/ui/form.module.css';
import { TextField } from '@/shared/ui/text-field';
import { daysBetween, MAX_SERIES_SHIFTS, useCreateShiftSeries, type SeriesSlot } from '../api/shift-series';
import { fieldErrors, providerMessage } from '@/shared/portal/messages';
import { FormMessages } from '@/shared/portal/fields';

const NEW_SLOT: SeriesSlot = { start: '', end: '', staffNeeded: 1 };
const WEEKDAY = ['So', 'Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa'];

function dayLabel(date: string) {
  const [y, m, d] = date.split('-');
  return `${WEEKDAY[new Date(`${date}T12:00:00Z`).getUTCDay()]}, ${d}.${m}.${y}`;
}

export function ShiftSeriesForm({ jobId }: { jobId: number }) {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [left, setLeft] = useState<string[]>([]);
  const [slots, setSlots] = useState<SeriesSlot[]>([{ ...NEW_SLOT }]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [done, setDone] = useState<string | null>(null);
  const create = useCreateShiftSeries(jobId);
  const days = daysBetween(from, to, 366);
  const dates = days.filter((d) => !left.includes(d));
  const count = dates.length * slots.length;
  const setSlot = (i: number, slot: Partial<SeriesSlot>) => setSlots(slots.map((s, j) => (j === i ? { ...s, ...slot } : s)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    create.mutate(
      { dates, slots },
      {
        onSuccess: (made) => {
          setErrors({});
          setDone(`${made['hydra:totalItems']} Einsätze angelegt.`);
          setFrom('');
          setTo('');
          setLeft([]);
          setSlots([{ ...NEW_SLOT }]);
        },
        onError: (e) => {
          const fields = fieldErrors(e);
          setErrors(Object.keys(fields).length > 0 ? fields : { form: providerMessage(e) });
        },
      },
    );
  };
  const dateErrors = Object.entries(errors)
    .filter(([path]) => path.startsWith('dates'))
    .map(([path, message]) => {
      const i = /\[(\d+)\]/.exec(path)?.[1];
      return i !== undefined && dates[Number(i)] ? `${dayLabel(dates[Number(i)] ?? '')}: ${message}` : message;
    });
  const other = [...dateErrors, ...(errors.slots ? [errors.slots] : []), ...(errors.form ? [errors.form] : [])];
  return (
    <form onSubmit={submit} noValidate aria-label="Einsatzserie anlegen">
      <h2>Mehrere Einsätze auf einmal</h2>
      <p>Wählen Sie die Tage und die Zeitfenster: für jeden Tag wird jedes Zeitfenster als Einsatz angelegt.</p>
      <div className={form.row}>
        <TextField label="Erster Tag" name="from" type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        <TextField label="Letzter Tag" name="to" type="date" value={to} onChange={(e) => setTo(e.target.value)} />
      </div>
      {days.length > 0 && (
        <fieldset>
          <legend>Tage</legend>
          {days.map((d) => (
            <label key={d} style={{ marginRight: '1em', whiteSpace: 'nowrap' }}>
              <input
                type="checkbox"
                checked={!left.includes(d)}
                onChange={(e) => setLeft(e.target.checked ? left.filter((x) => x !== d) : [...left, d])}
              />{' '}
              {dayLabel(d)}
            </label>
          ))}
        </fieldset>
      )}
      {slots.map((slot, i) => {
        const n = i + 1;
        return (
          <fieldset key={i}>
            <legend>Zeitfenster {n}</legend>
            <div className={form.row}>
              <TextField
                label={`Beginn (Zeitfenster ${n})`}
                name={`slot-${n}-start`}
                type="time"
                value={slot.start}
                error={errors[`slots[${i}].start`] ?? errors[`slots[${i}]`]}
                onChange={(e) => setSlot(i, { start: e.target.value })}
              />
              <TextField
                label={`Ende (Zeitfenster ${n})`}
                name={`slot-${n}-end`}
                type="time"
                value={slot.end}
                error={errors[`slots[${i}].end`]}
                onChange={(e) => setSlot(i, { end: e.target.value })}
              />
              <TextField
                label={`Personen (Zeitfenster ${n})`}
                name={`slot-${n}-staff`}
                type="number"
                min={1}
                max={500}
                value={slot.staffNeeded}
                error={errors[`slots[${i}].staffNeeded`]}
                onChange={(e) => setSlot(i, { staffNeeded: Number.parseInt(e.target.value, 10) || 0 })}
              />
            </div>
            {slots.length > 1 && (
              <button type="button" onClick={() => setSlots(slots.filter((_, j) => j !== i))}>
                Zeitfenster {n} entfernen
              </button>
            )}
          </fieldset>
        );
      })}
      <button type="button" onClick={() => setSlots([...slots, { ...NEW_SLOT }])}>
        Weiteres Zeitfenster
      </button>
      <p aria-live="polite">
        {count === 0
          ? 'Noch keine Einsätze gewählt.'
          : `${count} ${count === 1 ? 'Einsatz' : 'Einsätze'} (${dates.length} ${dates.length === 1 ? 'Tag' : 'Tage'} × ${slots.length} ${slots.length === 1 ? 'Zeitfenster' : 'Zeitfenster'})`}
        {count > MAX_SERIES_SHIFTS ? ` – höchstens ${MAX_SERIES_SHIFTS} auf einmal, bitte teilen Sie die Serie auf.` : ''}
      </p>
      <FormMessages lines={other} />
      {done && <p role="status">{done}</p>}
      <button type="submit" className={form.yellow} disabled={create.isPending || count === 0 || count > MAX_SERIES_SHIFTS}>
        {count > 1 ? `${count} Einsätze anlegen` : 'Einsätze anlegen'}
      </button>
    </form>
  );
}
