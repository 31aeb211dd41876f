// The validation module shared by every form: rules, messages, and the country tables.
export * from './rules';
export * from './password';
export { messages } from './messages';
export { isPostalCodeOf, postalCodeFormats } from './postal-codes';
export { isVatIdOf } from './vat-ids';
export { isIban, isBic, normalizeIban } from './bank';
export { serverErrors } from './server-errors';
export { imageFile, fileSize, IMAGE_TYPES } from './files';
