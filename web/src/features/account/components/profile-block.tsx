// One block of /meine-daten: a form of its own with a save button. Saving checks the block's rules
// first, then sends a merge patch of just this block. Any error (client or server 422) marks the
// block red and says it was not saved; each message stands under its field.
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '@/shared/api/client';
import { referenceListQueryOptions } from '@/shared/api/reference-lists';
import { track } from '@/shared/tracking/track';
import { required, type Errors, type FieldValue } from '@/shared/validation';
import form from '@/shared/ui/form.module.css';
import type { Block, Field } from '../lib/blocks';
import { buildPatch, emptyEntry, pathOf, validateBlock, violationsForBlock, type BlockValues, type Entry, type Violation } from '../lib/block-form';
import styles from './profile-block.module.css';

type Props = {
  block: Block;
  initial: BlockValues;
  context: Entry;
  save: (patch: Record<string, unknown>) => Promise<unknown>;
};

export const NOT_SAVED = 'Dieser Bereich wurde nicht gespeichert. Bitte korrigiere die rot markierten Felder.';

export function ProfileBlock({ block, initial, context, save }: Props) {
  const [values, setValues] = useState<BlockValues>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [other, setOther] = useState<string[]>([]);
  const [state, setState] = useState<'idle' | 'saving' | 'saved' | 'failed'>('idle');
  const headingId = useId();

  const failed = state === 'failed';

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateBlock(block, values, context);
    setOther([]);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      setState('failed');
      return;
    }
    setErrors({});
    setState('saving');
    try {
      await save(buildPatch(block, values));
      track('profile_data_changed', { type: block.id });
      setState('saved');
    } catch (error) {
      const body = error instanceof ApiError ? (error.body as { message?: string; violations?: Violation[] } | null) : null;
      if (body?.violations?.length) {
        const split = violationsForBlock(block, body.violations);
        setErrors(split.fieldErrors);
        setOther(split.other);
      } else {
        setOther([body?.message ?? 'Das Speichern hat gerade nicht geklappt. Bitte versuche es später noch einmal.']);
      }
      setState('failed');
    }
  }

  const setEntry = (index: number | null, name: string, value: FieldValue) => {
    setState('idle');
    setValues((current) => {
      if (index === null) return { ...(current as Entry), [name]: value };
      return (current as Entry[]).map((e, i) => (i === index ? { ...e, [name]: value } : e));
    });
  };

  const renderFields = (entry: Entry, index: number | null) =>
    block.fields.map((field) => {
      const path = pathOf(block, field.name, index ?? undefined);
      return (
        <FieldInput key={path} field={field} path={path} value={entry[field.name]} error={errors[path]}
          onChange={(v) => setEntry(index, field.name, v)} />
      );
    });

  const list = block.kind === 'list' ? (values as Entry[]) : null;
  const shownPaths = new Set(
    list ? list.flatMap((_, i) => block.fields.map((f) => pathOf(block, f.name, i))) : block.fields.map((f) => pathOf(block, f.name)),
  );
  const unplaced = Object.entries(errors).filter(([path]) => !shownPaths.has(path)).map(([, m]) => m);

  return (
    <section className={`${styles.block} ${failed ? styles.failed : ''}`} aria-labelledby={headingId} data-block={block.id}
      data-invalid={failed || undefined}>
      <h2 id={headingId}>{block.title}</h2>
      <form onSubmit={submit} noValidate>
        {failed && (
          <div className={styles.notSaved} role="alert">
            <p>{NOT_SAVED}</p>
            {[...unplaced, ...other].map((m, i) => <p key={i}>{m}</p>)}
          </div>
        )}
        {list ? (
          <>
            {list.length === 0 && <p className={styles.empty}>Noch keine Einträge.</p>}
            {list.map((entry, index) => (
              <fieldset key={index} className={styles.entry}>
                <legend>{block.entryTitle} {index + 1}</legend>
                <div className={styles.grid}>{renderFields(entry, index)}</div>
                <button type="button" className={form.secondary}
                  onClick={() => { setState('idle'); setErrors({}); setValues(list.filter((_, i) => i !== index)); }}>
                  {block.entryTitle} {index + 1} entfernen
                </button>
              </fieldset>
            ))}
            {list.length < (block.maxEntries ?? 10) && (
              <button type="button" className={form.secondary} onClick={() => { setState('idle'); setValues([...list, emptyEntry(block)]); }}>
                {block.entryTitle} hinzufügen
              </button>
            )}
          </>
        ) : (
          <div className={styles.grid}>{renderFields(values as Entry, null)}</div>
        )}
        <div className={styles.actions}>
          <button type="submit" className={form.button} disabled={state === 'saving'}>
            {block.title} speichern
          </button>
          {state === 'saved' && <span role="status">Gespeichert.</span>}
        </div>
      </form>
    </section>
  );
}

function FieldInput({ field, path, value, error, onChange }: {
  field: Field; path: string; value: FieldValue; error?: string; onChange: (v: FieldValue) => void;
}) {
  const reference = useQuery({ ...referenceListQueryOptions(field.list ?? 'languages'), enabled: field.list !== undefined });
  const options = field.list ? (reference.data ?? []).map((e) => [e.code, e.name] as const) : field.options;
  const id = `f-${path.replace(/[^\w-]/g, '-')}`;
  const errorId = `${id}-error`;
  const common = { id, name: path, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? errorId : undefined };
  const message = error && <p id={errorId} className={form.error}>{error}</p>;
  if (field.kind === 'checkbox') {
    return (
      <div className={styles.check}>
        <input type="checkbox" {...common} checked={value === true} onChange={(e) => onChange(e.target.checked)} />
        <label htmlFor={id}>{field.label}</label>
        {message}
      </div>
    );
  }
  if (field.kind === 'multi') {
    const chosen = Array.isArray(value) ? (value as string[]) : [];
    return (
      <fieldset className={`${styles.multi} ${styles.wide}`} aria-invalid={error ? true : undefined}>
        <legend>{field.label}</legend>
        {options?.map(([v, label]) => (
          <label key={v}>
            <input type="checkbox" checked={chosen.includes(v)}
              onChange={(e) => onChange(e.target.checked ? [...chosen, v] : chosen.filter((c) => c !== v))} />
            {label}
          </label>
        ))}
        {message}
      </fieldset>
    );
  }
  const text = typeof value === 'string' ? value : '';
  return (
    <div className={`${form.field} ${field.kind === 'textarea' ? styles.wide : ''}`}>
      <label htmlFor={id}>{field.label}{field.rules?.includes(required) ? ' *' : ''}</label>
      {field.kind === 'select' ? (
        <select {...common} value={text} onChange={(e) => onChange(e.target.value)}>
          <option value="">Bitte wählen</option>
          {options?.map(([v, label]) => <option key={v} value={v}>{label}</option>)}
        </select>
      ) : field.kind === 'textarea' ? (
        <textarea {...common} rows={4} value={text} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input {...common} type={field.kind === 'date' ? 'date' : 'text'} inputMode={field.kind === 'number' ? 'decimal' : undefined}
          value={text} onChange={(e) => onChange(e.target.value)} />
      )}
      {message}
    </div>
  );
}
