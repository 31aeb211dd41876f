// "Deine Zeiten" on /meine-einsaetze (issue 43, docs/shifts.md "Time recording"): after a
// confirmed shift has ended the candidate enters start, end and break — two taps when it went as
// planned ("Wie geplant", then "Zeiten speichern") — sees the provider's decision, and may object
// once to a correction or "nicht erschienen". Phone first: one column, large buttons.
import { useState, type FormEvent } from 'react';
import { errorMessage } from '@/shared/api/error-message';
import { dateLabel, hoursLabel, timesLabel, type TimeRecord } from '@/shared/api/time-records';
import form from '@/shared/ui/form.module.css';
import { TextField } from '@/shared/ui/text-field';
import { serverErrors } from '@/shared/validation';
import { useMyTimeRecords, useTimeRecordChange } from '../api/time-records';

const TRY_AGAIN = 'Das hat gerade nicht geklappt. Bitte versuche es gleich noch einmal.';

const STATUS: Record<TimeRecord['status'], string> = {
  open: 'Noch nicht eingetragen',
  entered: 'Eingetragen – wartet auf den Jobanbieter',
  approved: 'Bestätigt',
  corrected: 'Vom Jobanbieter korrigiert',
  no_show: 'Vom Jobanbieter als „nicht erschienen“ eingetragen',
};

function EntryForm({ record }: { record: TimeRecord }) {
  const change = useTimeRecordChange();
  const [start, setStart] = useState(record.enteredBy === 'candidate' ? (record.start ?? '') : '');
  const [end, setEnd] = useState(record.enteredBy === 'candidate' ? (record.end ?? '') : '');
  const [pause, setPause] = useState(record.enteredBy === 'candidate' ? String(record.breakMinutes) : '0');
  const errors = change.isError ? serverErrors(change.error) : {};
  const other = change.isError && Object.keys(errors).length === 0 ? errorMessage(change.error, TRY_AGAIN) : null;
  const label = `${dateLabel(record.date)}, ${record.job.title}`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate({ kind: 'enter', shiftApplication: record.shiftApplication, entry: { start, end, breakMinutes: Number.parseInt(pause, 10) || 0 } });
  };
  return (
    <form onSubmit={submit} noValidate aria-label={`Zeiten eintragen: ${label}`}>
      <button
        type="button"
        className={form.secondary}
        onClick={() => {
          setStart(record.planned.start);
          setEnd(record.planned.end);
        }}
      >
        Wie geplant ({record.planned.start}–{record.planned.end} Uhr)
      </button>
      <TextField label="Beginn" name="start" type="time" value={start} error={errors.start} onChange={(e) => setStart(e.target.value)} />
      <TextField label="Ende" name="end" type="time" value={end} error={errors.end} onChange={(e) => setEnd(e.target.value)} />
      <TextField
        label="Pause in Minuten"
        name="breakMinutes"
        type="number"
        inputMode="numeric"
        min={0}
        max={1440}
        value={pause}
        error={errors.breakMinutes}
        onChange={(e) => setPause(e.target.value)}
      />
      {other ? <p role="alert">{other}</p> : null}
      <button type="submit" className={form.button} disabled={change.isPending}>
        {change.isPending ? 'Wird gespeichert …' : 'Zeiten speichern'}
      </button>
    </form>
  );
}

function ObjectionForm({ record }: { record: TimeRecord }) {
  const change = useTimeRecordChange();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  if (!open)
    return (
      <button type="button" className={form.secondary} onClick={() => setOpen(true)}>
        Widersprechen
      </button>
    );
  const errors = change.isError ? serverErrors(change.error) : {};
  return (
    <form
      noValidate
      aria-label="Widerspruch"
      onSubmit={(e) => {
        e.preventDefault();
        change.mutate({ kind: 'object', shiftApplication: record.shiftApplication, text });
      }}
    >
      <label htmlFor={`widerspruch-${record.shiftApplication}`}>Was stimmt nicht? (Du kannst einmal widersprechen.)</label>
      <textarea id={`widerspruch-${record.shiftApplication}`} maxLength={2000} rows={3} value={text} onChange={(e) => setText(e.target.value)} />
      {errors.text ? <p className={form.error}>{errors.text}</p> : null}
      {change.isError && !errors.text ? <p role="alert">{errorMessage(change.error, TRY_AGAIN)}</p> : null}
      <button type="submit" className={form.button} disabled={change.isPending}>
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
