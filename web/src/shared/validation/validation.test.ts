// The validation module against the rules of candidate-side.md section 5 and against the shared
// case table tests/fixtures/validation_cases.json (which the server's rules run too).
import { describe, expect, it } from 'vitest';
import cases from '../../../../tests/fixtures/validation_cases.json';
import {
  alnumSpace, deleteConfirmation, differentFrom, email, equals, integer, isBic, isIban, isPostalCodeOf,
  isVatIdOf, messages, min, minValue, numeric, password, passwordChecks, phoneNumber, required,
  shortTermEmploymentDays, url, validate, vatIdForCountry, zipCodeForCountry,
} from './index';

describe('shared case table', () => {
  it.each(cases.zip_code_for_country)('postal code $country "$value" → $valid', (c) => {
    expect(isPostalCodeOf(c.country, c.value)).toBe(c.valid);
  });
  it.each(cases.ust_id_number_check)('VAT id $country "$value" → $valid', (c) => {
    expect(isVatIdOf(c.country, c.value)).toBe(c.valid);
  });
  it.each(cases.iban)('IBAN "$value" → $valid', (c) => expect(isIban(c.value)).toBe(c.valid));
  it.each(cases.bic)('BIC "$value" → $valid', (c) => expect(isBic(c.value)).toBe(c.valid));
  it.each(cases.phone_number)('phone "$value" → $valid', (c) =>
    expect(phoneNumber(c.value, {}) === null).toBe(c.valid));
  it.each(cases.email)('email "$value" → $valid', (c) => expect(email(c.value, {}) === null).toBe(c.valid));
  it.each(cases.url)('url "$value" → $valid', (c) => expect(url(c.value, {}) === null).toBe(c.valid));
  it.each(cases.alnum_space)('alnum_space "$value" → $valid', (c) =>
    expect(alnumSpace(c.value, {}) === null).toBe(c.valid));
});

describe('field rules answer the spec messages', () => {
  it('required', () => {
    expect(required('', {})).toBe('Dieses Feld darf nicht leer sein');
    expect(required('  ', {})).toBe(messages.required);
    expect(required([], {})).toBe(messages.required);
    expect(required('x', {})).toBeNull();
  });
  it('integer and numeric', () => {
    expect(integer('12', {})).toBeNull();
    expect(integer('1,5', {})).toBe('Dieses Feld muss eine ganze Zahl sein');
    expect(numeric('1,5', {})).toBeNull();
    expect(numeric('12.50', {})).toBeNull();
    expect(numeric('zwölf', {})).toBe('Dieses Feld muss eine Zahl sein');
  });
  it('min and min_value carry their number', () => {
    expect(min(8)('kurz', {})).toBe('Dieses Feld muss mindestens 8 lang sein');
    expect(min(3)('Äöü', {})).toBeNull();
    expect(minValue(1)('0', {})).toBe('Dieses Feld muss mindestens 1 sein');
    expect(minValue(1)('12,5', {})).toBeNull();
  });
  it('optional rules let an empty value pass', () => {
    for (const rule of [email, integer, numeric, phoneNumber, alnumSpace, url]) expect(rule('', {})).toBeNull();
  });
  it('postal code and VAT id read the country of the same form', () => {
    const schema = { zipcode: [required, zipCodeForCountry('country')], vat: [vatIdForCountry('country')] };
    expect(validate({ country: 'de', zipcode: '10115', vat: 'DE123456789' }, schema)).toEqual({});
    expect(validate({ country: 'at', zipcode: '10115', vat: 'DE123456789' }, schema)).toEqual({
      zipcode: 'Dieses Feld muss eine gültige Postleitzahl für das ausgewählte Land enthalten',
      vat: 'Dieses Feld muss eine gültige USt-IdNr sein',
    });
  });
  it('short-term employment days may not exceed 365', () => {
    expect(shortTermEmploymentDays('70', {})).toBeNull();
    expect(shortTermEmploymentDays('365', {})).toBeNull();
    expect(shortTermEmploymentDays('366', {})).toBe(messages.shortTermDays);
    expect(shortTermEmploymentDays('7,5', {})).toBe(messages.integer);
  });
  it('confirmations and account deletion', () => {
    const check = equals('email', messages.emailEquals);
    expect(check('a@b.de', { email: 'a@b.de' })).toBeNull();
    expect(check('a@b.de', { email: 'c@b.de' })).toBe('Email muss gleich sein');
    expect(deleteConfirmation('Delete', {})).toBe('Bestätigung erforderlich');
    expect(deleteConfirmation('delete', {})).toBeNull();
  });
});

describe('password rules', () => {
  it('lists each requirement as the user types', () => {
    expect(passwordChecks('abc').map((c) => c.met)).toEqual([false, true, false, false, false]);
    expect(passwordChecks('Sommer2026!').every((c) => c.met)).toBe(true);
    expect(passwordChecks('ÄÖÜäöü§1').map((c) => c.met)).toEqual([true, true, true, true, true]);
  });
  it('answers the first broken rule like the server', () => {
    expect(password('', {})).toBe(messages.required);
    expect(password('Ab1!', {})).toBe('Dieses Feld muss mindestens 8 lang sein');
    expect(password('ABCDEFG1!', {})).toBe(messages.passwordLowercase);
    expect(password('abcdefg1!', {})).toBe(messages.passwordUppercase);
    expect(password('Abcdefgh!', {})).toBe(messages.passwordDigit);
    expect(password('Abcdefgh1', {})).toBe(messages.passwordSpecial);
    expect(password('Sommer2026!', {})).toBeNull();
  });
  it('a new password must differ from the old one', () => {
    const rule = differentFrom('oldPassword');
    expect(rule('Sommer2026!', { oldPassword: 'Sommer2026!' })).toBe('Passwort muss anders als das alte sein');
    expect(rule('Winter2026!', { oldPassword: 'Sommer2026!' })).toBeNull();
  });
});
