// postal-codes.ts: the postal code formats of the 29 countries candidate-side.md section 5 lists
// (zip_code_for_country). A country not in the table passes: we cannot know its format.
// Patterns follow each country's postal service; letters are compared in upper case.

const digits = (n: number) => new RegExp(`^\\d{${n}}$`);
const threeSpaceTwo = /^\d{3} ?\d{2}$/;

export const postalCodeFormats: Readonly<Record<string, RegExp>> = {
  at: digits(4),
  be: digits(4),
  bg: digits(4),
  ch: digits(4),
  cy: digits(4),
  cz: threeSpaceTwo,
  de: digits(5),
  dk: digits(4),
  ee: digits(5),
  el: threeSpaceTwo,
  es: /^(0[1-9]|[1-4]\d|5[0-2])\d{3}$/,
  fi: digits(5),
  fr: digits(5),
  gb: /^(GIR ?0AA|[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2})$/,
  hr: digits(5),
  hu: digits(4),
  ie: /^[A-Z]\d[\dW] ?[\dA-Z]{4}$/,
  it: digits(5),
  lt: /^(LT-)?\d{5}$/,
  lu: /^(L-)?\d{4}$/,
  lv: /^(LV-)?\d{4}$/,
  mt: /^[A-Z]{3} ?\d{4}$/,
  nl: /^[1-9]\d{3} ?[A-Z]{2}$/,
  pl: /^\d{2}-\d{3}$/,
  pt: /^\d{4}-\d{3}$/,
  ro: digits(6),
  se: threeSpaceTwo,
  si: /^(SI-)?\d{4}$/,
  sk: threeSpaceTwo,
};

/** True when `code` is a valid postal code for `country` (ISO code, any case); unknown countries pass. */
export function isPostalCodeOf(country: string, code: string): boolean {
  const format = postalCodeFormats[country.trim().toLowerCase()];
  if (!format) return true;
  return format.test(code.trim().toUpperCase());
}
