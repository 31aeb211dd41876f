// The logic of one /meine-daten block, kept free of React so it is tested on its own: read the
// block's values from the profile, check them with the block's rules, build the merge patch that
// saves only this block, and sort a 422 answer's violations onto the block's fields. Errors are
// keyed by the server's property paths ("firstName", "appearance.bodyHeight",
// "addresses[0].zipcode"), so client and server errors land in the same place.
import { validate, type Errors, type FieldValue } from '@/shared/validation';
import type { Block, Field } from './blocks';

export type Entry = Record<string, FieldValue>;
export type BlockValues = Entry | Entry[];
export type Violation = { propertyPath: string; message: string };

/** The property path of a field: top level, inside a section, or inside a list entry. */
export function pathOf(block: Block, field: string, index?: number): string {
  if (block.kind === 'list') return `${block.path}[${index ?? 0}].${field}`;
  return block.path ? `${block.path}.${field}` : field;
}

function formValue(field: Field, raw: unknown): FieldValue {
  if (field.kind === 'checkbox') return raw === true;
  if (field.kind === 'multi') return Array.isArray(raw) ? raw.map(String) : [];
  if (raw === null || raw === undefined) return '';
  if (field.kind === 'number' && typeof raw === 'number') return String(raw).replace('.', ',');
  return String(raw);
}

function readEntry(block: Block, source: Record<string, unknown> | undefined): Entry {
  return Object.fromEntries(block.fields.map((f) => [f.name, formValue(f, source?.[f.name])]));
}

export function emptyEntry(block: Block): Entry {
  const entry = readEntry(block, undefined);
  if ('country' in entry) entry.country = 'de';
  return entry;
}

/** The block's current values as the form shows them. */
export function readBlock(block: Block, profile: Record<string, unknown>): BlockValues {
  if (block.kind === 'list') {
    const list = profile[block.path ?? ''];
    return Array.isArray(list) ? list.map((e) => readEntry(block, e as Record<string, unknown>)) : [];
  }
  const source = block.path ? (profile[block.path] as Record<string, unknown> | undefined) : profile;
  return readEntry(block, source ?? undefined);
}

/** Client rules of the block; `context` adds values from outside it (e.g. the first address's country). */
export function validateBlock(block: Block, values: BlockValues, context: Entry = {}): Errors {
  const schema = Object.fromEntries(block.fields.map((f) => [f.name, f.rules ?? []]));
  const entries = Array.isArray(values) ? values : [values];
  const errors: Errors = {};
  entries.forEach((entry, index) => {
    for (const [field, message] of Object.entries(validate({ ...context, ...entry }, schema)))
      errors[pathOf(block, field, index)] = message;
  });
  return errors;
}

function apiValue(field: Field, value: FieldValue): unknown {
  if (field.kind === 'checkbox') return value === true;
  if (field.kind === 'multi') return Array.isArray(value) ? value : [];
  const text = typeof value === 'string' ? value.trim() : value;
  if (text === '' || text === null || text === undefined) return null;
  if (field.kind === 'number') return Number(String(text).replace(',', '.'));
  return text;
}

function apiEntry(block: Block, entry: Entry, dropEmpty: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of block.fields) {
    const value = apiValue(field, entry[field.name]);
    if (dropEmpty && value === null) continue;
    out[field.name] = value;
  }
  return out;
}

/**
 * The merge patch that saves this block alone. Empty fields of a section become null (merge patch:
 * removed); a list is sent whole, since a merge patch replaces arrays.
 */
export function buildPatch(block: Block, values: BlockValues): Record<string, unknown> {
  if (block.kind === 'list') return { [block.path ?? '']: (values as Entry[]).map((e) => apiEntry(block, e, true)) };
  const members = apiEntry(block, values as Entry, false);
  return block.path ? { [block.path]: members } : members;
}

/** A 422 answer split into this block's field errors and messages about other parts of the profile. */
export function violationsForBlock(block: Block, violations: readonly Violation[]) {
  const fieldErrors: Errors = {};
  const other: string[] = [];
  const belongs = (path: string) =>
    block.path === null
      ? block.fields.some((f) => f.name === path)
      : path === block.path || path.startsWith(`${block.path}.`) || path.startsWith(`${block.path}[`);
  for (const v of violations) {
    if (belongs(v.propertyPath)) fieldErrors[v.propertyPath] ??= v.message;
    else other.push(v.message);
  }
  return { fieldErrors, other };
}
