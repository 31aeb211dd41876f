// rules.ts: the field rules of candidate-side.md section 5 as small functions, and `validate`,
// which runs a form's rules and answers one German message per field (the first rule a field
// breaks), the same shape the server's 422 answers have. Every form of the web app uses this
// module, so a rule is written once on the client.
//
// A rule answers null when the value holds, else its message. Rules other than `required` let an
// empty value pass: "optional, but if given, valid".

import { isBic, isIban } from './bank';
import { messages } from './messages';
import { isPostalCodeOf } from './postal-codes';
import { isVatIdOf } from './vat-ids';

export type FieldValue = string | number | boolean | null | undefined | readonly unknown[];
export type Rule = (value: FieldValue, values: Readonly<Record<string, FieldValue>>) => string | null;

const isEmpty = (v: FieldValue) =>
  v === null || v === undefined || v === false || (typeof v === 'string' && v.trim() === '') ||
  (Array.isArray(v) && v.length === 0);

const text = (v: FieldValue) => (v === null || v === undefined ? '' : String(v).trim());

/** Lets an empty value pass and runs `check` on the trimmed text otherwise. */
const whenGiven = (check: (s: string) => boolean, message: string): Rule => (v) =>
  isEmpty(v) || check(text(v)) ? null : message;

// Local part, at sign, a domain with a dot; no whitespace, and no umlauts or ß (spec section 5).
const emailPattern = /^[^\s@<>,;"\\]+@[^\s@<>,;"\\.][^\s@<>,;"\\]*\.[^\s@<>,;"\\.]+$/;
export const isEmail = (s: string) =>
  s.length >= 3 && s.length <= 254 && !/[äöüÄÖÜß]/.test(s) && emailPattern.test(s) && !s.includes('..');

export const required: Rule = (v) => (isEmpty(v) ? messages.required : null);
export const email: Rule = whenGiven(isEmail, messages.email);
export const integer: Rule = whenGiven((s) => /^[+-]?\d+$/.test(s), messages.integer);
// German users type a decimal comma; both separators are accepted.
export const numeric: Rule = whenGiven((s) => /^[+-]?(\d+([.,]\d+)?|[.,]\d+)$/.test(s), messages.numeric);
export const phoneNumber: Rule = whenGiven((s) => /^[\d/\-+\s]+$/.test(s) && /\d/.test(s), messages.phoneNumber);
export const alnumSpace: Rule = whenGiven((s) => /^[\p{L}\p{N} ]+$/u.test(s), messages.alnumSpace);
export const url: Rule = whenGiven(
  (s) => /^(https?:\/\/)?([\p{L}\p{N}-]+\.)+[\p{L}\p{N}-]{2,}(:\d{1,5})?([/?#]\S*)?$/iu.test(s),
  messages.url,
);
export const iban: Rule = whenGiven(isIban, 'Dieses Feld muss eine gültige IBAN sein');
export const bic: Rule = whenGiven(isBic, 'Dieses Feld muss eine gültige BIC sein');

export const min = (length: number): Rule => (v) =>
  isEmpty(v) || [...text(v)].length >= length ? null : messages.min(length);

const toNumber = (v: FieldValue) => Number(text(v).replace(',', '.'));

export const minValue = (minimum: number): Rule => (v) =>
  isEmpty(v) || toNumber(v) >= minimum ? null : messages.minValue(minimum);

export const maxValue = (maximum: number, message: string): Rule => (v) =>
  isEmpty(v) || toNumber(v) <= maximum ? null : message;

/** zip_code_for_country: the country comes from another field of the same form. */
export const zipCodeForCountry = (countryField: string): Rule => (v, values) =>
  isEmpty(v) || isPostalCodeOf(text(values[countryField]), text(v)) ? null : messages.zipCode;

/** ust_id_number_check: the country comes from another field; an unknown country fails. */
export const vatIdForCountry = (countryField: string): Rule => (v, values) =>
  isEmpty(v) || isVatIdOf(text(values[countryField]), text(v)) ? null : messages.vatId;

/** emailEquals / passwordEquals: the confirmation must equal another field. */
export const equals = (otherField: string, message: string): Rule => (v, values) =>
  text(v) === text(values[otherField]) ? null : message;

/** Days of short-term employment may not exceed 365 (spec section 5, form rules). */
export const shortTermEmploymentDays: Rule = (v, values) =>
  integer(v, values) ?? minValue(0)(v, values) ?? maxValue(365, messages.shortTermDays)(v, values);

/** Account deletion: the user must type the word "delete". */
export const deleteConfirmation: Rule = (v) => (text(v) === 'delete' ? null : messages.deleteConfirmation);

export type Schema = Readonly<Record<string, readonly Rule[]>>;
export type Errors = Record<string, string>;

/** Runs every field's rules; answers the first broken rule's message per field (empty: valid). */
export function validate(values: Readonly<Record<string, FieldValue>>, schema: Schema): Errors {
  const errors: Errors = {};
  for (const [field, rules] of Object.entries(schema)) {
    for (const rule of rules) {
      const message = rule(values[field], values);
      if (message) {
        errors[field] = message;
        break;
      }
    }
  }
  return errors;
}
