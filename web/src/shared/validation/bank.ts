// bank.ts: IBAN (ISO 13616, checked by its mod-97 check digits and the length of its country) and
// BIC (ISO 9362: 8 or 11 characters) for the optional bank data of the sedcard.

// Lengths of the IBAN of the countries a Jobhafen candidate is likely to bank in (SEPA). An IBAN of
// another country is checked by its check digits alone.
const ibanLengths: Readonly<Record<string, number>> = {
  AT: 20, BE: 16, BG: 22, CH: 21, CY: 28, CZ: 24, DE: 22, DK: 18, EE: 20, ES: 24, FI: 18, FR: 27,
  GB: 22, GR: 27, HR: 21, HU: 28, IE: 22, IS: 26, IT: 27, LI: 21, LT: 20, LU: 20, LV: 21, MC: 27,
  MT: 31, NL: 18, NO: 15, PL: 28, PT: 25, RO: 24, SE: 24, SI: 19, SK: 24, SM: 27,
};

export function normalizeIban(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/** True for an IBAN whose check digits are right (spaces allowed, any case). */
export function isIban(value: string): boolean {
  const iban = normalizeIban(value);
  if (!/^[A-Z]{2}\d{2}[A-Z\d]{11,30}$/.test(iban)) return false;
  const expected = ibanLengths[iban.slice(0, 2)];
  if (expected !== undefined && iban.length !== expected) return false;
  // Move the first four characters to the end, letters become 10..35, the number mod 97 must be 1.
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const ch of rearranged) {
    const n = ch >= 'A' ? ch.charCodeAt(0) - 55 : ch.charCodeAt(0) - 48;
    remainder = n >= 10 ? (remainder * 100 + n) % 97 : (remainder * 10 + n) % 97;
  }
  return remainder === 1;
}

/** True for a BIC: bank (4 letters), country (2 letters), location (2), optional branch (3). */
export function isBic(value: string): boolean {
  return /^[A-Z]{4}[A-Z]{2}[A-Z\d]{2}([A-Z\d]{3})?$/.test(value.replace(/\s+/g, '').toUpperCase());
}
