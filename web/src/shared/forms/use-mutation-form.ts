// The one way a form is written (issue 40, docs/decisions.md "Forms: React Hook Form bound to a
// mutation"): React Hook Form holds the values and the errors, the shared rules of
// shared/validation check them at submit and, after a submit, at each change of a field; the write
// is a TanStack Query mutation. A 422's violations land on their fields with the server's German
// message (the rest, e.g. a rule over the whole form, in `refusal`), the busy state is the
// mutation's, and a second submit while one is on its way sends nothing.
//
// A form whose rules are a function of its own over all its values (a sedcard block reads values
// from outside it, the job editor has its bounds and pay rules) passes `check`: it answers the
// messages by the server's property path (`addresses[0].zipcode`, `contact.email`), and they are
// placed exactly as a 422's violations are, through `fieldOf`; so a client and a server message for
// one field land on the same field, and one that no field of the form holds is the refusal.
import type { UseMutationResult } from '@tanstack/react-query';
import { useEffect, useRef, type BaseSyntheticEvent } from 'react';
import { get, set, useForm, type DefaultValues, type FieldErrors, type FieldValues, type Path, type Resolver, type UseFormReturn } from 'react-hook-form';
import { errorMessage } from '@/shared/api/error-message';
import { useFocusFirstError } from '@/shared/ui/form-errors';
import { serverErrors, validate, type Errors, type FieldValue, type Schema } from '@/shared/validation';

type Rules<V> = Schema | ((values: V) => Schema);
/** The form's own check: messages by the server's property path, as a 422's violations name them. */
type Check<V> = (values: V) => Errors;
/** A violation's propertyPath → the form's field (undefined: the path as it is). */
type FieldOf<V extends FieldValues> = Readonly<Record<string, Path<V>>> | ((path: string) => Path<V> | undefined);

/** Where the message for the server's `path` goes: the field `fieldOf` names, else the path itself. */
const mapPath = <V extends FieldValues>(fieldOf: FieldOf<V>, path: string): string =>
  (typeof fieldOf === 'function' ? fieldOf(path) : fieldOf[path]) ?? path;

/** A plain object of fields (not a list, a date or a file input's files, which are one value). */
const isGroup = (value: unknown): value is object =>
  value !== null &&
  typeof value === 'object' &&
  !Array.isArray(value) &&
  !(value instanceof Date) &&
  !(typeof FileList !== 'undefined' && value instanceof FileList);

/**
 * The form's values as the rules read them: a dotted name per field (`contact.email`), as the
 * server's propertyPath names it; React Hook Form keeps such a field nested ({contact: {email}}).
 */
export function flatValues(values: object, prefix = ''): Record<string, FieldValue> {
  const out: Record<string, FieldValue> = {};
  for (const [key, value] of Object.entries(values)) {
    if (isGroup(value)) Object.assign(out, flatValues(value, `${prefix}${key}.`));
    else out[`${prefix}${key}`] = value as FieldValue;
  }
  return out;
}

/** Whether `values` has a field at the dotted `name` (its value may be empty or undefined). */
function holds(values: object, name: string): boolean {
  const dot = name.lastIndexOf('.');
  const parent: unknown = dot < 0 ? values : get(values, name.slice(0, dot));
  return parent !== null && typeof parent === 'object' && name.slice(dot + 1) in parent;
}

/**
 * The shared rules as React Hook Form's resolver: one German message per field, the first rule it
 * breaks. `check`'s messages go to their field through `fieldOf`; those no field of the form holds
 * are joined into the refusal (`root.refusal`), as a 422's are.
 */
export function rulesResolver<V extends FieldValues>(rules: Rules<V> | undefined, check?: Check<V>, fieldOf: FieldOf<V> = {}): Resolver<V> {
  return (values) => {
    const schema = typeof rules === 'function' ? rules(values) : (rules ?? {});
    const found = Object.entries(validate(flatValues(values), schema));
    const checked = Object.entries(check?.(values) ?? {});
    if (found.length === 0 && checked.length === 0) return { values, errors: {} };
    const errors = {};
    for (const [field, message] of found) set(errors, field, { type: 'rule', message });
    const unplaced: string[] = [];
    for (const [path, message] of checked) {
      const field = mapPath(fieldOf, path);
      // One message per field, the first, as `validate` keeps the first broken rule.
      if (!holds(values, field)) unplaced.push(message);
      else if (get(errors, field) === undefined) set(errors, field, { type: 'rule', message });
    }
    if (unplaced.length) set(errors, 'root.refusal', { type: 'unplaced', message: unplaced.join(' ') });
    return { values: {}, errors: errors as FieldErrors<V> };
  };
}

export type MutationFormOptions<V extends FieldValues, R> = {
  /** The write; its variables are the form's values. */
  mutation: Pick<UseMutationResult<R, unknown, V, unknown>, 'mutateAsync' | 'isPending'>;
  defaultValues: DefaultValues<V>;
  /** The shared rules per field; a function when they depend on the values or the situation. */
  rules?: Rules<V>;
  /**
   * Rules of the form's own over all its values, answered by the server's property path (beside
   * `rules` or instead of them); placed through `fieldOf` as a 422's violations are.
   */
  check?: Check<V>;
  /** A violation's propertyPath → the form's field, where the server names a field differently. */
  fieldOf?: FieldOf<V>;
  onSuccess?: (data: R, values: V) => void;
  /** How a failure without violations is said (default: the server's message or the timeout text, else ''). */
  describe?: (failure: unknown) => string;
};

export type MutationForm<V extends FieldValues> = {
  form: UseFormReturn<V>;
  /** For the <form> element: the first field in error is focused after a refused submit. */
  ref: ReturnType<typeof useFocusFirstError<HTMLFormElement>>['ref'];
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  busy: boolean;
  /** The field's message, if any. */
  error: (name: Path<V>) => string | undefined;
  /** register() for an input plus its message, for TextField and its kin. */
  field: (name: Path<V>) => ReturnType<UseFormReturn<V>['register']> & { error?: string };
  /**
   * Set when the last write failed and something of it shows on no field: the violations no field
   * takes, joined; else the server's message or the timeout text; '' when the answer said nothing
   * (the form shows its own words then). Undefined after a success or while none failed.
   */
  refusal: string | undefined;
  /** The last submit's write failed (cleared by the next submit). */
  failed: boolean;
};

export function useMutationForm<V extends FieldValues, R = unknown>(options: MutationFormOptions<V, R>): MutationForm<V> {
  const { mutation, defaultValues, rules, check, fieldOf = {}, onSuccess, describe = (failure: unknown) => errorMessage(failure, '') } = options;
  const form = useForm<V>({
    defaultValues,
    resolver: rules || check ? rulesResolver(rules, check, fieldOf) : undefined,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    // Focus goes to the first field in reading order (useFocusFirstError), not in registration order.
    shouldFocusError: false,
  });
  const focus = useFocusFirstError<HTMLFormElement>();
  const sending = useRef(false);

  /** Puts each violation on its field; the rest, or a failure without violations, is the refusal. */
  function place(failure: unknown) {
    const unplaced: string[] = [];
    let placed = 0;
    for (const [path, message] of Object.entries(serverErrors(failure))) {
      const name = mapPath(fieldOf, path);
      // Only a field of this form can show it (also one added since, e.g. a second time slot); the rest is the refusal's.
      const field = holds(form.getValues(), name) ? (name as Path<V>) : undefined;
      if (field) {
        form.setError(field, { type: 'server', message });
        placed += 1;
      } else unplaced.push(message);
    }
    // Set on every failure, so `failed` tells it; 'placed' when every violation found its field.
    if (unplaced.length) form.setError('root.refusal', { type: 'unplaced', message: unplaced.join(' ') });
    else if (placed === 0) form.setError('root.refusal', { type: 'failure', message: describe(failure) });
    else form.setError('root.refusal', { type: 'placed', message: '' });
  }

  const submit = form.handleSubmit(
    async (values) => {
      // Checked after the rules: two quick submits both get here, the second sends nothing.
      if (sending.current) return;
      sending.current = true;
      let data: R;
      try {
        data = await mutation.mutateAsync(values);
      } catch (failure) {
        place(failure);
        focus.failed();
        return;
      } finally {
        sending.current = false;
      }
      // Outside the try: what the form does next is no refusal of the write.
      onSuccess?.(data, values);
    },
    // Not focused here: React Hook Form publishes the errors only after this callback, so the
    // fields are not marked yet; the effect on submitCount below runs once they are.
    () => undefined,
  );
  const { submitCount } = form.formState;
  useEffect(() => {
    if (submitCount > 0 && Object.keys(form.formState.errors).length > 0) focus.failed();
    // Only a new submit moves the focus, never a change that re-checks a field.
  }, [submitCount]);

  async function onSubmit(event?: BaseSyntheticEvent) {
    event?.preventDefault();
    if (mutation.isPending) return;
    await submit(event);
  }

  const { errors } = form.formState;
  const error = (name: Path<V>) => (get(errors, name) as { message?: string } | undefined)?.message;
  return {
    form,
    ref: focus.ref,
    onSubmit,
    // From the click on: the rules run in a microtask before the mutation starts.
    busy: mutation.isPending || form.formState.isSubmitting,
    error,
    field: (name) => ({ ...form.register(name), error: error(name) }),
    refusal: errors.root?.refusal && errors.root.refusal.type !== 'placed' ? (errors.root.refusal.message ?? '') : undefined,
    failed: errors.root?.refusal !== undefined,
  };
}
