// One block of /meine-daten: a form of its own with a save button (useMutationForm, the one form
// library). Saving checks the block's rules first, then sends a merge patch of just this block. Any
// error (client or server 422) marks the block red and says it was not saved; each message stands
// under its field. The form's values are the block's part of the profile, nested as the server's
// property paths name them ({addresses: [...]}, {appearance: {...}}, the personal data at the top),
// so a client message (validateBlock) and a 422's violation for one field land on the same field.
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { errorMessage } from '@/shared/api/error-message';
import { referenceListQueryOptions } from '@/shared/api/reference-lists';
import { useMutationForm } from '@/shared/forms/use-mutation-form';
import { track } from '@/shared/tracking/track';
import { required, type FieldValue } from '@/shared/validation';
import form from '@/shared/ui/form.module.css';
import type { Block, Field } from '../lib/blocks';
import { buildPatch, emptyEntry, pathOf, validateBlock, type BlockValues, type Entry } from '../lib/block-form';
import styles from './profile-block.module.css';

type Props = {
  block: Block;
  initial: BlockValues;
  context: Entry;
  save: (patch: Record<string, unknown>) => Promise<unknown>;
};

export const NOT_SAVED = 'Dieser Bereich wurde nicht gespeichert. Bitte korrigiere die rot markierten Felder.';
const NOT_SENT = 'Das Speichern hat gerade nicht geklappt. Bitte versuche es später noch einmal.';

/** The block's values as the form holds them: nested under the block's path, as the server names them. */
type Values = Record<string, unknown>;
const formOf = (block: Block, values: BlockValues): Values => (block.path === null ? { ...(values as Entry) } : { [block.path]: values });
const blockOf = (block: Block, values: Values): BlockValues => (block.path === null ? (values as Entry) : (values[block.path] as BlockValues));
/** The server's `addresses[0].zipcode` is the form's `addresses.0.zipcode`. */
const dotted = (path: string) => path.replace(/\[(\d+)\]/g, '.$1');

export function ProfileBlock({ block, initial, context, save }: Props) {
  const headingId = useId();
  const mutation = useMutation({ mutationFn: (values: Values) => save(buildPatch(block, blockOf(block, values))) });
  const { form: state, ref, onSubmit, busy, error, refusal, failed: writeFailed } = useMutationForm<Values>({
    mutation,
    defaultValues: formOf(block, initial),
    check: (values) => validateBlock(block, blockOf(block, values), context),
    fieldOf: dotted,
    onSuccess: () => track('profile_data_changed', { type: block.id }),
    describe: (failure) => errorMessage(failure, NOT_SENT),
  });
  const values = blockOf(block, state.watch());
  // Red while a field is in error (the rules' or the server's) or the last write failed.
  const failed = writeFailed || Object.keys(state.formState.errors).some((key) => key !== 'root');

  /** A change: the value, checked again once a save was tried; "Gespeichert." goes. */
  const change = (name: string, value: unknown) => {
    mutation.reset();
    state.setValue(name, value, { shouldValidate: state.formState.isSubmitted });
  };
  /** An entry added to the list, or one removed (then the messages go: they named the old places). */
  const setList = (entries: Entry[], removed: boolean) => {
    mutation.reset();
    if (removed) state.clearErrors();
    state.setValue(block.path ?? '', entries);
  };

  const renderFields = (entry: Entry, index: number | null) =>
    block.fields.map((field) => {
      const path = pathOf(block, field.name, index ?? undefined);
      return <FieldInput key={path} field={field} path={path} value={entry[field.name]} error={error(dotted(path))} onChange={(v) => change(dotted(path), v)} />;
    });

  const list = block.kind === 'list' ? (values as Entry[]) : null;
  // A message about the block as a whole (the list, the section) stands in the notice.
  const whole = block.path === null ? undefined : error(block.path);

  return (
    <section className={`${styles.block} ${failed ? styles.failed : ''}`} aria-labelledby={headingId} data-block={block.id}
      data-invalid={failed || undefined}>
      <h2 id={headingId}>{block.title}</h2>
      <form ref={ref} onSubmit={onSubmit} noValidate>
        {failed && (
          <div className={styles.notSaved} role="alert">
            <p>{NOT_SAVED}</p>
            {whole && <p>{whole}</p>}
            {refusal && <p>{refusal}</p>}
          </div>
        )}
        {list ? (
          <>
            {list.length === 0 && <p className={styles.empty}>Noch keine Einträge.</p>}
            {list.map((entry, index) => (
              <fieldset key={index} className={styles.entry}>
                <legend>{block.entryTitle} {index + 1}</legend>
                <div className={styles.grid}>{renderFields(entry, index)}</div>
                <button type="button" className={form.secondary} onClick={() => setList(list.filter((_, i) => i !== index), true)}>
                  {block.entryTitle} {index + 1} entfernen
                </button>
              </fieldset>
            ))}
            {list.length < (block.maxEntries ?? 10) && (
              <button type="button" className={form.secondary} onClick={() => setList([...list, emptyEntry(block)], false)}>
                {block.entryTitle} hinzufügen
              </button>
            )}
          </>
        ) : (
          <div className={styles.grid}>{renderFields(values as Entry, null)}</div>
        )}
        <div className={styles.actions}>
          <button type="submit" className={form.button} disabled={busy}>
            {block.title} speichern
          </button>
          {mutation.isSuccess && <span role="status">Gespeichert.</span>}
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
