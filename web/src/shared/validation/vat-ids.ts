// vat-ids.ts: VAT identification numbers (USt-IdNr) per country, ust_id_number_check of
// candidate-side.md section 5. The country prefix is optional; an Austrian number is "U" plus 8
// digits, so with its prefix "ATU" plus 8 digits, as the spec says. A country we have no format for fails: a VAT id we cannot
// check is not accepted. Spaces, dots and hyphens people type between groups are ignored.

const formats: Readonly<Record<string, { prefix: string; body: RegExp }>> = {
  at: { prefix: 'AT', body: /^U\d{8}$/ },
  be: { prefix: 'BE', body: /^[01]\d{9}$/ },
  bg: { prefix: 'BG', body: /^\d{9,10}$/ },
  ch: { prefix: 'CHE', body: /^\d{9}(MWST|TVA|IVA)?$/ },
  cy: { prefix: 'CY', body: /^\d{8}[A-Z]$/ },
  cz: { prefix: 'CZ', body: /^\d{8,10}$/ },
  de: { prefix: 'DE', body: /^\d{9}$/ },
  dk: { prefix: 'DK', body: /^\d{8}$/ },
  ee: { prefix: 'EE', body: /^\d{9}$/ },
  el: { prefix: 'EL', body: /^\d{9}$/ },
  es: { prefix: 'ES', body: /^[A-Z\d]\d{7}[A-Z\d]$/ },
  fi: { prefix: 'FI', body: /^\d{8}$/ },
  fr: { prefix: 'FR', body: /^[A-HJ-NP-Z\d]{2}\d{9}$/ },
  gb: { prefix: 'GB', body: /^(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/ },
  hr: { prefix: 'HR', body: /^\d{11}$/ },
  hu: { prefix: 'HU', body: /^\d{8}$/ },
  ie: { prefix: 'IE', body: /^\d[A-Z\d+*]\d{5}[A-Z]{1,2}$/ },
  it: { prefix: 'IT', body: /^\d{11}$/ },
  lt: { prefix: 'LT', body: /^(\d{9}|\d{12})$/ },
  lu: { prefix: 'LU', body: /^\d{8}$/ },
  lv: { prefix: 'LV', body: /^\d{11}$/ },
  mt: { prefix: 'MT', body: /^\d{8}$/ },
  nl: { prefix: 'NL', body: /^\d{9}B\d{2}$/ },
  pl: { prefix: 'PL', body: /^\d{10}$/ },
  pt: { prefix: 'PT', body: /^\d{9}$/ },
  ro: { prefix: 'RO', body: /^\d{2,10}$/ },
  se: { prefix: 'SE', body: /^\d{10}01$/ },
  si: { prefix: 'SI', body: /^\d{8}$/ },
  sk: { prefix: 'SK', body: /^\d{10}$/ },
};

/** True when `value` is a well-formed VAT id of `country` (ISO code; Greece is "el"). */
export function isVatIdOf(country: string, value: string): boolean {
  const format = formats[country.trim().toLowerCase()];
  if (!format) return false;
  let id = value.toUpperCase().replace(/[\s.-]/g, '');
  if (id.startsWith(format.prefix)) id = id.slice(format.prefix.length);
  return format.body.test(id);
}
