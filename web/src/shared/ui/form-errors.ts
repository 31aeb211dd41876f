// What a form does with its errors so a person finds and fixes them (issue 29, "Forms"): after a
// failed save the first field in error (in reading order) is scrolled to and focused, wherever the
// summary sits; and an error goes away as soon as its field is corrected, not at the next save.
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { Errors } from '@/shared/validation';

/** Scrolls to the first field marked invalid inside `root` and focuses it (a group: its first control). */
export function focusFirstInvalid(root: HTMLElement | null): void {
  const invalid = root?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!invalid) return;
  const target =
    invalid instanceof HTMLFieldSetElement ? (invalid.querySelector<HTMLElement>('input, select, textarea, button') ?? invalid) : invalid;
  // Centred, so the field's label above it is on screen too.
  target.scrollIntoView?.({ block: 'center' });
  target.focus({ preventScroll: true });
}

/**
 * The errors to show: those of the last save, except that a field the person changed since shows
 * only what `recheck` (the form's own rules on the current values) still finds; a server's message,
 * which the form cannot check again, goes at the first change. Worked out from the values at each
 * drawing, so several changes in one event (a place field sets its text and its choice) all count.
 */
export function shownErrors(errors: Errors, changed: ReadonlySet<string>, recheck: () => Errors): Errors {
  const touched = Object.keys(errors).filter((f) => changed.has(f));
  if (touched.length === 0) return errors;
  const now = recheck();
  const shown = { ...errors };
  for (const f of touched) {
    if (now[f]) shown[f] = now[f];
    else delete shown[f];
  }
  return shown;
}

/**
 * A counter of failed saves and the effect that moves to the first field in error after each one.
 * `failed()` is called where a save is refused; the form element carries `ref`.
 */
export function useFocusFirstError<T extends HTMLElement>(): { ref: RefObject<T | null>; failed: () => void } {
  const ref = useRef<T>(null);
  const [failures, setFailures] = useState(0);
  useEffect(() => {
    if (failures > 0) focusFirstInvalid(ref.current);
  }, [failures]);
  return { ref, failed: () => setFailures((n) => n + 1) };
}
