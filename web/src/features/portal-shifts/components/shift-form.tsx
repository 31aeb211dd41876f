// The form of one shift on a job's shift page ("Sie"): adding a shift, or changing one
// ("Einsatz bearbeiten", issue 41 item 17) with every field the API takes — date, times, staff,
// the unpaid break, the shift's own pay per hour (empty: the job's pay) and its place (one of the
// job's places, or all of them). A change sends only the fields that differ (PATCH /shifts/{id} is
// a merge), so an unchanged date of a shift that has begun is not refused as "in the past". The
// server's messages go under their fields; the others (a full shift, a minor's confirmed shift
// that the new time would break) below the form.
import { useMutationForm } from '@/shared/forms/use-mutation-form';
import type { Shift } from '@/shared/api/shifts';
import form from '@/shared/ui/form.module.css';
import { TextField } from '@/shared/ui/text-field';
import type { JobPostingLocation } from '@/shared/portal/job-postings';
import { useShiftChange, type NewShift } from '@/shared/portal/shifts';
import { germanNumber } from '@/shared/portal/format';
import { fieldErrors, providerMessage } from '@/shared/portal/messages';
import { FormMessages, SelectField, TextArea } from '@/shared/portal/fields';

/** What the form holds: the pay as typed ("15,50"), the place as the select's value ("" for all). */
export type ShiftDraft = Omit<NewShift, 'baseSalary' | 'placeId'> & { baseSalary: string; placeId: string };

export const EMPTY_SHIFT: ShiftDraft = { date: '', start: '', end: '', staffNeeded: 1, breakMinutes: 0, note: '', baseSalary: '', placeId: '' };
/** The fields the form shows a message at; the server's others go below it. */
const SHIFT_FIELDS = ['date', 'start', 'end', 'staffNeeded', 'breakMinutes', 'note', 'baseSalary', 'placeId'];
const MSG_PAY = 'Bitte geben Sie den Lohn pro Stunde als Betrag an, z. B. 15,50 – oder lassen Sie das Feld leer.';

const euros = new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A shift's pay as the list says it: "19,75 € pro Stunde", or that the job's pay holds. */
export function shiftPayText(shift: Pick<Shift, 'baseSalary'>): string {
  return shift.baseSalary === null ? 'Lohn der Stellenanzeige' : `${euros.format(Number(shift.baseSalary))}\u00a0€ pro Stunde`;
}

export function draftOf(shift: Shift): ShiftDraft {
  return {
    date: shift.date,
    start: shift.start,
    end: shift.end,
    staffNeeded: shift.staffNeeded,
    breakMinutes: shift.breakMinutes ?? 0,
    note: shift.note ?? '',
    baseSalary: shift.baseSalary === null ? '' : Number(shift.baseSalary).toFixed(2).replace('.', ','),
    placeId: shift.placeId === null ? '' : String(shift.placeId),
  };
}

/** The draft as the API takes it, or the pay's message when it is not an amount. */
export function shiftOf(draft: ShiftDraft): NewShift | { payError: string } {
  const pay = draft.baseSalary.trim() === '' ? null : germanNumber(draft.baseSalary.trim());
  if (pay !== null && !Number.isFinite(pay)) return { payError: MSG_PAY };
  return { ...draft, baseSalary: pay, placeId: draft.placeId === '' ? null : Number(draft.placeId) };
}

/** Only what differs from the stored shift. */
export function changesOf(shift: Shift, next: NewShift): Partial<NewShift> {
  const before = shiftOf(draftOf(shift)) as NewShift;
  const keys = Object.keys(next) as (keyof NewShift)[];
  return Object.fromEntries(keys.filter((k) => next[k] !== before[k]).map((k) => [k, next[k]]));
}

/** The job's places a shift can take: its locations with a gazetteer place, once each. */
export function placeOptions(locations: JobPostingLocation[]): [string, string][] {
  const seen = new Map<string, string>();
  for (const l of locations) {
    if (!l.placeId || seen.has(String(l.placeId))) continue;
    seen.set(String(l.placeId), [l.city, l.street].filter(Boolean).join(', ') || `Ort ${l.placeId}`);
  }
  return [...seen.entries()];
}

type Props = {
  jobId: number;
  places: [string, string][];
  /** The shift to change; without it the form adds one. */
  shift?: Shift;
  /** After a change is saved or given up (edit mode). */
  onDone?: () => void;
};

/** The pay as typed: empty, or an amount ("15,50"). */
const payAmount = (v: unknown) => {
  const text = String(v ?? '').trim();
  return text === '' || Number.isFinite(germanNumber(text)) ? null : MSG_PAY;
};
const wholeNumber = { setValueAs: (v: unknown) => (typeof v === 'number' ? v : Number.parseInt(String(v), 10) || 0) };

export function ShiftForm({ jobId, places, shift, onDone }: Props) {
  const editing = shift !== undefined;
  const change = useShiftChange(jobId);
  const name = editing ? 'Einsatz bearbeiten' : 'Einsatz hinzufügen';
  const { form: state, ref, onSubmit, busy, field, error, failed } = useMutationForm<ShiftDraft>({
    mutation: {
      isPending: change.isPending,
      mutateAsync: async (draft) => {
        // The rules let only an amount through, so the draft is a shift here.
        const next = shiftOf(draft) as NewShift;
        if (!editing) return change.mutateAsync({ kind: 'create', shift: next });
        const changes = changesOf(shift, next);
        // Nothing changed: nothing to send.
        if (Object.keys(changes).length > 0) await change.mutateAsync({ kind: 'update', id: shift.id, changes });
      },
    },
    defaultValues: shift ? draftOf(shift) : EMPTY_SHIFT,
    rules: { baseSalary: [payAmount] },
    // `location` is the API's other name for the place.
    fieldOf: { location: 'placeId' },
    onSuccess: () => (editing ? onDone?.() : state.reset(EMPTY_SHIFT)),
    describe: (failure) => providerMessage(failure),
  });
  // What the server refused that no field shows: one line each (a full shift, a minor's shift).
  const found = failed ? fieldErrors(change.error) : {};
  const elsewhere = Object.entries(found).filter(([path]) => !SHIFT_FIELDS.includes(path) && path !== 'location').map(([, message]) => message);
  const failure = !failed ? [] : Object.keys(found).length === 0 ? [providerMessage(change.error)] : elsewhere;
  const placeId = state.watch('placeId');

  return (
    <form ref={ref} onSubmit={onSubmit} noValidate aria-label={name}>
      {editing ? <h3>{name}</h3> : <h2>{name}</h2>}
      <TextField label="Datum" type="date" {...field('date')} />
      <TextField label="Beginn" type="time" {...field('start')} />
      <TextField label="Ende (vor dem Beginn: am Folgetag)" type="time" {...field('end')} />
      <TextField label="Benötigte Personen" type="number" min={1} max={500} {...state.register('staffNeeded', wholeNumber)} error={error('staffNeeded')} />
      <TextField label="Pause in Minuten (unbezahlt)" type="number" min={0} max={720} {...state.register('breakMinutes', wholeNumber)} error={error('breakMinutes')} />
      <TextField label="Lohn pro Stunde in € (leer: der Lohn der Stellenanzeige)" inputMode="decimal" placeholder="z. B. 15,50" {...field('baseSalary')} />
      {(places.length > 0 || placeId !== '') && (
        <SelectField
          label="Einsatzort"
          {...state.register('placeId')}
          value={placeId}
          empty="Alle Einsatzorte der Stellenanzeige"
          options={places.some(([id]) => id === placeId) || placeId === '' ? places : [...places, [placeId, shift?.place?.name ?? 'bisheriger Ort']]}
          error={error('placeId')}
        />
      )}
      <TextArea label="Hinweis (optional)" maxLength={500} {...state.register('note')} error={error('note')} />
      <FormMessages lines={failure} />
      <div className={form.row}>
        <button type="submit" className={form.yellow} disabled={busy}>
          {editing ? 'Änderungen speichern' : 'Einsatz hinzufügen'}
        </button>
        {editing && (
          <button type="button" className={form.secondary} onClick={() => onDone?.()}>
            Abbrechen
          </button>
        )}
      </div>
    </form>
  );
}
