// server-errors.ts: a 422 answer ({violations: [{propertyPath, message}]}) turned into the per-field
// errors the forms show, so a rule only the server knows marks the right field too.
import type { Errors } from './rules';

type Violation = { propertyPath?: string; message?: string };

/** Field → message for every violation in an ApiError-like `{status, body}`; empty otherwise. */
export function serverErrors(error: unknown): Errors {
  const body = (error as { body?: { violations?: Violation[] } } | null)?.body;
  const out: Errors = {};
  for (const v of body?.violations ?? []) {
    const field = v.propertyPath ?? '';
    if (v.message && !(field in out)) out[field] = v.message;
  }
  return out;
}
