// The series form on a job's shift page ("Sie"; issue 43): a range of days (each can be left
// out) × time slots with the staff each needs, sent as one request — all shifts or none. The
// server names each bad slot (slots[1].end …) and each bad date; they are shown at the slot or in
// the list. At most 200 shifts a request, counted here before sending.
import { useFieldArray, type Path } from 'react-hook-form';
import { useMutationForm } from '@/shared/forms/use-mutation-form';
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

type Series = { from: string; to: string; left: string[]; slots: SeriesSlot[] };
const NO_SERIES: Series = { from: '', to: '', left: [], slots: [{ ...NEW_SLOT }] };
/** The server's `slots[1].start` is the form's `slots.1.start`; a whole slot's message stands at its start. */
const slotField = (path: string) => {
  const dotted = path.replace(/\[(\d+)\]/g, '.$1');
  return (/^slots\.\d+$/.test(dotted) ? `${dotted}.start` : dotted) as Path<Series>;
};
const wholeNumber = { setValueAs: (v: unknown) => (typeof v === 'number' ? v : Number.parseInt(String(v), 10) || 0) };

export function ShiftSeriesForm({ jobId }: { jobId: number }) {
  const create = useCreateShiftSeries(jobId);
  const { form: state, ref, onSubmit, busy, error, failed } = useMutationForm<Series>({
    mutation: { isPending: create.isPending, mutateAsync: (series) => create.mutateAsync({ dates: datesOf(series), slots: series.slots }) },
    defaultValues: NO_SERIES,
    fieldOf: slotField,
    onSuccess: () => state.reset(NO_SERIES),
  });
  const slots = useFieldArray({ control: state.control, name: 'slots' });
  const [from, to, left] = [state.watch('from'), state.watch('to'), state.watch('left')];
  const days = daysBetween(from, to, 366);
  const dates = days.filter((d) => !left.includes(d));
  const count = dates.length * slots.fields.length;
  const done = create.isSuccess && !busy ? `${create.data['hydra:totalItems']} Einsätze angelegt.` : null;
  // What no slot shows: the bad dates with their day, a message about the slots as a whole, or the failure.
  const found = failed ? fieldErrors(create.error) : {};
  const sentDates = (failed && create.variables?.dates) || [];
  const dateErrors = Object.entries(found)
    .filter(([path]) => path.startsWith('dates'))
    .map(([path, message]) => {
      const i = /\[(\d+)\]/.exec(path)?.[1];
      return i !== undefined && sentDates[Number(i)] ? `${dayLabel(sentDates[Number(i)] ?? '')}: ${message}` : message;
    });
  const other = !failed
    ? []
    : Object.keys(found).length === 0
      ? [providerMessage(create.error)]
      : [...dateErrors, ...(found.slots ? [found.slots] : [])];
  return (
    <form ref={ref} onSubmit={onSubmit} noValidate aria-label="Einsatzserie anlegen">
      <h2>Mehrere Einsätze auf einmal</h2>
      <p>Wählen Sie die Tage und die Zeitfenster: für jeden Tag wird jedes Zeitfenster als Einsatz angelegt.</p>
      <div className={form.row}>
        <TextField label="Erster Tag" type="date" {...state.register('from')} />
        <TextField label="Letzter Tag" type="date" {...state.register('to')} />
      </div>
      {days.length > 0 && (
        <fieldset>
          <legend>Tage</legend>
          {days.map((d) => (
            <label key={d} style={{ marginRight: '1em', whiteSpace: 'nowrap' }}>
              <input
                type="checkbox"
                checked={!left.includes(d)}
                onChange={(e) => state.setValue('left', e.target.checked ? left.filter((x) => x !== d) : [...left, d])}
              />{' '}
              {dayLabel(d)}
            </label>
          ))}
        </fieldset>
      )}
      {slots.fields.map((slot, i) => {
        const n = i + 1;
        return (
          <fieldset key={slot.id}>
            <legend>Zeitfenster {n}</legend>
            <div className={form.row}>
              <TextField label={`Beginn (Zeitfenster ${n})`} type="time" {...state.register(`slots.${i}.start`)} error={error(`slots.${i}.start`)} />
              <TextField label={`Ende (Zeitfenster ${n})`} type="time" {...state.register(`slots.${i}.end`)} error={error(`slots.${i}.end`)} />
              <TextField
                label={`Personen (Zeitfenster ${n})`}
                type="number"
                min={1}
                max={500}
                {...state.register(`slots.${i}.staffNeeded`, wholeNumber)}
                error={error(`slots.${i}.staffNeeded`)}
              />
            </div>
            {slots.fields.length > 1 && (
              <button type="button" onClick={() => slots.remove(i)}>
                Zeitfenster {n} entfernen
              </button>
            )}
          </fieldset>
        );
      })}
      <button type="button" onClick={() => slots.append({ ...NEW_SLOT })}>
        Weiteres Zeitfenster
      </button>
      <p aria-live="polite">
        {count === 0
          ? 'Noch keine Einsätze gewählt.'
          : `${count} ${count === 1 ? 'Einsatz' : 'Einsätze'} (${dates.length} ${dates.length === 1 ? 'Tag' : 'Tage'} × ${slots.fields.length} ${slots.fields.length === 1 ? 'Zeitfenster' : 'Zeitfenster'})`}
        {count > MAX_SERIES_SHIFTS ? ` – höchstens ${MAX_SERIES_SHIFTS} auf einmal, bitte teilen Sie die Serie auf.` : ''}
      </p>
      <FormMessages lines={other} />
      {done && <p role="status">{done}</p>}
      <button type="submit" className={form.yellow} disabled={busy || count === 0 || count > MAX_SERIES_SHIFTS}>
        {count > 1 ? `${count} Einsätze anlegen` : 'Einsätze anlegen'}
      </button>
    </form>
  );
}

/** The days of the series that stay ticked. */
function datesOf({ from, to, left }: Series): string[] {
  return daysBetween(from, to, 366).filter((d) => !left.includes(d));
}
