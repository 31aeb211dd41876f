// The form of one shift on a job's shift page ("Sie"): adding a shift, or changing one
// ("Einsatz bearbeiten", issue 41 item 17) with every field the API takes — date, times, staff,
// the unpaid break, the shift's own pay per hour (empty: the job's pay) and its place (one of the
// job's places, or all of them). A change sends only the fields that differ (PATCH /shifts/{id} is
// a merge), so an unchanged date of a shift that has begun is not refused as "in the past". The
// server's messages go under their fields; the others (a full shift, a minor's confirmed shift
// that the new time would break) below the form.
import { useState, type FormEvent } from 'react';
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

export function ShiftForm({ jobId, places, shift, onDone }: Props) {
  const editing = shift !== undefined;
  const [draft, setDraft] = useState<ShiftDraft>(shift ? draftOf(shift) : EMPTY_SHIFT);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string[]>([]);
  const change = useShiftChange(jobId);
  const set = (fields: Partial<ShiftDraft>) => setDraft({ ...draft, ...fields });
  const name = editing ? 'Einsatz bearbeiten' : 'Einsatz hinzufügen';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure([]);
    const next = shiftOf(draft);
    if ('payError' in next) return setErrors({ baseSalary: next.payError });
    if (editing && Object.keys(changesOf(shift, next)).length === 0) return onDone?.();
    change.mutate(editing ? { kind: 'update', id: shift.id, changes: changesOf(shift, next) } : { kind: 'create', shift: next }, {
      onSuccess: () => {
        setErrors({});
        if (editing) onDone?.();
        else setDraft(EMPTY_SHIFT);
      },
      onError: (e) => {
        const fields = fieldErrors(e);
        // `location` is the API's other name for the place.
        if (fields.location) fields.placeId = fields.location;
        setErrors(fields);
        const elsewhere = Object.entries(fields).filter(([path]) => !SHIFT_FIELDS.includes(path) && path !== 'location').map(([, message]) => message);
        if (Object.keys(fields).length === 0) setFailure([providerMessage(e)]);
        else if (elsewhere.length > 0) setFailure(elsewhere);
      },
    });
  };

  const int = (value: string) => Number.parseInt(value, 10) || 0;
  return (
    <form onSubmit={submit} noValidate aria-label={name}>
      {editing ? <h3>{name}</h3> : <h2>{name}</h2>}
      <TextField label="Datum" name="date" type="date" value={draft.date} error={errors.date} onChange={(e) => set({ date: e.target.value })} />
      <TextField label="Beginn" name="start" type="time" value={draft.start} error={errors.start} onChange={(e) => set({ start: e.target.value })} />
      <TextField label="Ende (vor dem Beginn: am Folgetag)" name="end" type="time" value={draft.end} error={errors.end} onChange={(e) => set({ end: e.target.value })} />
      <TextField
        label="Benötigte Personen"
        name="staffNeeded"
        type="number"
        min={1}
        max={500}
        value={draft.staffNeeded}
        error={errors.staffNeeded}
        onChange={(e) => set({ staffNeeded: int(e.target.value) })}
      />
      <TextField
        label="Pause in Minuten (unbezahlt)"
        name="breakMinutes"
        type="number"
        min={0}
        max={720}
        value={draft.breakMinutes}
        error={errors.breakMinutes}
        onChange={(e) => set({ breakMinutes: int(e.target.value) })}
      />
      <TextField
        label="Lohn pro Stunde in € (leer: der Lohn der Stellenanzeige)"
        name="baseSalary"
        inputMode="decimal"
        placeholder="z. B. 15,50"
        value={draft.baseSalary}
        error={errors.baseSalary}
        onChange={(e) => set({ baseSalary: e.target.value })}
      />
      {(places.length > 0 || draft.placeId !== '') && (
        <SelectField
          label="Einsatzort"
          name="placeId"
          value={draft.placeId}
          empty="Alle Einsatzorte der Stellenanzeige"
          options={places.some(([id]) => id === draft.placeId) || draft.placeId === '' ? places : [...places, [draft.placeId, shift?.place?.name ?? 'bisheriger Ort']]}
          error={errors.placeId}
          onChange={(e) => set({ placeId: e.target.value })}
        />
      )}
      <TextArea label="Hinweis (optional)" name="note" maxLength={500} value={draft.note} error={errors.note} onChange={(e) => set({ note: e.target.value })} />
      <FormMessages lines={failure} />
      <div className={form.row}>
        <button type="submit" className={form.yellow} disabled={change.isPending}>
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
