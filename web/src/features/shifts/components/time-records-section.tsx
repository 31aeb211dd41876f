// "Deine Zeiten" on /meine-einsaetze (issue 43, docs/shifts.md "Time recording"): after a
// confirmed shift has ended the candidate enters start, end and break — two taps when it went as
// planned ("Wie geplant", then "Zeiten speichern") — sees the provider's decision, and may object
// once to a correction or "nicht erschienen". Phone first: one column, large buttons.
import { useState } from 'react';
import { dateLabel, hoursLabel, timesLabel, type TimeRecord } from '@/shared/api/time-records';
import form from '@/shared/ui/form.module.css';
import { useMutationForm } from '@/shared/forms/use-mutation-form';
import { TextField } from '@/shared/ui/text-field';
import { useMyTimeRecords, useTimeRecordChange } from '../api/time-records';

const TRY_AGAIN = 'Das hat gerade nicht geklappt. Bitte versuche es gleich noch einmal.';

const STATUS: Record<TimeRecord['status'], string> = {
  open: 'Noch nicht eingetragen',
  entered: 'Eingetragen – wartet auf den Jobanbieter',
  approved: 'Bestätigt',
  corrected: 'Vom Jobanbieter korrigiert',
  no_show: 'Vom Jobanbieter als „nicht erschienen“ eingetragen',
};

type Entry = { start: string; end: string; breakMinutes: string };

function EntryForm({ record }: { record: TimeRecord }) {
  const change = useTimeRecordChange();
  const mine = record.enteredBy === 'candidate';
  const { form: state, ref, onSubmit, busy, field, refusal } = useMutationForm<Entry>({
    mutation: {
      isPending: change.isPending,
      mutateAsync: ({ start, end, breakMinutes }) =>
        change.mutateAsync({ kind: 'enter', shiftApplication: record.shiftApplication, entry: { start, end, breakMinutes: Number.parseInt(breakMinutes, 10) || 0 } }),
    },
    defaultValues: { start: mine ? (record.start ?? '') : '', end: mine ? (record.end ?? '') : '', breakMinutes: mine ? String(record.breakMinutes) : '0' },
  });
  const label = `${dateLabel(record.date)}, ${record.job.title}`;
  return (
    <form ref={ref} onSubmit={onSubmit} noValidate aria-label={`Zeiten eintragen: ${label}`}>
      <button
        type="button"
        className={form.secondary}
        onClick={() => {
          state.setValue('start', record.planned.start);
          state.setValue('end', record.planned.end);
        }}
      >
        Wie geplant ({record.planned.start}–{record.planned.end} Uhr)
      </button>
      <TextField label="Beginn" type="time" {...field('start')} />
      <TextField label="Ende" type="time" {...field('end')} />
      <TextField label="Pause in Minuten" type="number" inputMode="numeric" min={0} max={1440} {...field('breakMinutes')} />
      {refusal !== undefined ? <p role="alert">{refusal || TRY_AGAIN}</p> : null}
      <button type="submit" className={form.button} disabled={busy}>
        {busy ? 'Wird gespeichert …' : 'Zeiten speichern'}
      </button>
    </form>
  );
}

function ObjectionForm({ record }: { record: TimeRecord }) {
  const [open, setOpen] = useState(false);
  if (!open)
    return (
      <button type="button" className={form.secondary} onClick={() => setOpen(true)}>
        Widersprechen
      </button>
    );
  return <ObjectionText record={record} />;
}

function ObjectionText({ record }: { record: TimeRecord }) {
  const change = useTimeRecordChange();
  const { form: state, ref, onSubmit, busy, error, refusal } = useMutationForm({
    mutation: { isPending: change.isPending, mutateAsync: ({ text }: { text: string }) => change.mutateAsync({ kind: 'object', shiftApplication: record.shiftApplication, text }) },
    defaultValues: { text: '' },
  });
  return (
    <form ref={ref} noValidate aria-label="Widerspruch" onSubmit={onSubmit}>
      <label htmlFor={`widerspruch-${record.shiftApplication}`}>Was stimmt nicht? (Du kannst einmal widersprechen.)</label>
      <textarea id={`widerspruch-${record.shiftApplication}`} maxLength={2000} rows={3} {...state.register('text')} aria-invalid={error('text') ? true : undefined} />
      {error('text') ? <p className={form.error}>{error('text')}</p> : null}
      {refusal !== undefined ? <p role="alert">{refusal || TRY_AGAIN}</p> : null}
      <button type="submit" className={form.button} disabled={busy}>
        Widerspruch senden
      </button>
    </form>
  );
}

function RecordItem({ record }: { record: TimeRecord }) {
  return (
    <li>
      <strong>
        {dateLabel(record.date)}, {record.job.title}
      </strong>
      <div>
        Geplant: {record.planned.start}–{record.planned.end} Uhr
      </div>
      <div>{STATUS[record.status]}</div>
      {record.status !== 'open' ? (
        <div>
          {timesLabel(record)}
          {record.status !== 'no_show' ? ` · ${hoursLabel(record.workedMinutes)}` : ''}
          {record.autoApproved ? ' · automatisch nach 7 Tagen bestätigt' : ''}
        </div>
      ) : record.proposed ? (
        <div>Vorschlag: die geplanten Zeiten. Bitte trag ein, wie lange du wirklich gearbeitet hast.</div>
      ) : null}
      {record.candidateEntry && record.status === 'corrected' ? (
        <div>
          Deine Angabe: {record.candidateEntry.start}–{record.candidateEntry.end} Uhr, {record.candidateEntry.breakMinutes} Min. Pause
        </div>
      ) : null}
      {record.objectedAt ? <div>Du hast widersprochen{record.objection ? `: „${record.objection}“` : '.'}</div> : null}
      {record.canEnter ? <EntryForm record={record} /> : null}
      {record.canObject ? <ObjectionForm record={record} /> : null}
    </li>
  );
}

export function TimeRecordsSection() {
  const records = useMyTimeRecords();
  if (records.isPending || records.isError) return null;
  const items = records.data['hydra:member'];
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="zeiten">
      <h2 id="zeiten">Deine Zeiten</h2>
      <p>Trag nach jedem Einsatz ein, wann du angefangen und aufgehört hast und wie lange deine Pause war.</p>
      <ul>
        {items.map((r) => (
          <RecordItem key={r.shiftApplication} record={r} />
        ))}
      </ul>
    </section>
  );
}
