// password.ts: the password rules of candidate-side.md section 5 (at least 8 characters, a lower-
// and an upper-case letter, a digit and a special character), the same as the server's
// actors/accounts/password_rules.cpp. `passwordChecks` feeds the checklist shown while typing.

import { messages } from './messages';
import type { Rule } from './rules';

const specials = /[!-/:-@[-`{-~§€°]/u;

export interface PasswordCheck {
  label: string;
  met: boolean;
}

/** Each requirement with whether `password` meets it, in the order the form lists them. */
export function passwordChecks(password: string): PasswordCheck[] {
  return [
    { label: 'Mindestens 8 Zeichen', met: [...password].length >= 8 },
    { label: 'Ein Kleinbuchstabe', met: /[a-zß-öø-ÿ]/u.test(password) },
    { label: 'Ein Großbuchstabe', met: /[A-ZÀ-ÖØ-Þ]/u.test(password) },
    { label: 'Eine Ziffer', met: /\d/.test(password) },
    { label: 'Ein Sonderzeichen', met: specials.test(password) },
  ];
}

/** The first message the password earns, as the server would answer it. */
export const password: Rule = (v) => {
  const s = v === null || v === undefined ? '' : String(v);
  if (s === '') return messages.required;
  const length = [...s].length;
  if (length < 8) return messages.min(8);
  if (length > 1024) return messages.passwordTooLong;
  const [, lower, upper, digit, special] = passwordChecks(s);
  if (!lower?.met) return messages.passwordLowercase;
  if (!upper?.met) return messages.passwordUppercase;
  if (!digit?.met) return messages.passwordDigit;
  if (!special?.met) return messages.passwordSpecial;
  return null;
};

/** The new password must differ from the old one. */
export const differentFrom = (oldField: string): Rule => (v, values) =>
  v && v === values[oldField] ? messages.passwordSameAsOld : null;
