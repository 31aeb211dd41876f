// messages.ts: the German validation messages of candidate-side.md section 5, word for word.
// The server answers 422 with the same texts, so a field shows one message whichever side found it.

export const messages = {
  required: 'Dieses Feld darf nicht leer sein',
  email: 'Dieses Feld muss eine gültige E-Mail Adresse sein',
  emailEquals: 'Email muss gleich sein',
  emailEqualsChange: 'E-Mail-Feld stimmt nicht überein',
  passwordEquals: 'Passwort muss gleich sein',
  passwordEqualsChange: 'Passwörter müssen übereinstimmen',
  integer: 'Dieses Feld muss eine ganze Zahl sein',
  numeric: 'Dieses Feld muss eine Zahl sein',
  min: (length: number) => `Dieses Feld muss mindestens ${length} lang sein`,
  minValue: (min: number) => `Dieses Feld muss mindestens ${min} sein`,
  size: 'Die Datei ist zu groß',
  phoneNumber: 'Dieses Feld muss eine gültige Telefonnummer sein',
  alnumSpace: 'Dieses Feld darf nur aus Zahlen und Buchstaben bestehen',
  url: 'Dieses Feld muss eine gültige URL sein',
  zipCode: 'Dieses Feld muss eine gültige Postleitzahl für das ausgewählte Land enthalten',
  vatId: 'Dieses Feld muss eine gültige USt-IdNr sein',
  image: 'Datei muss ein Bild sein',
  passwordLowercase: 'Das Passwort muss mindestens einen Kleinbuchstaben enthalten',
  passwordUppercase: 'Das Passwort muss mindestens einen Großbuchstaben enthalten',
  passwordDigit: 'Das Passwort muss mindestens eine Ziffer enthalten',
  passwordSpecial:
    'Das Passwort muss mindestens ein Sonderzeichen enthalten, z. B. ! ? # ( ) [ ] { } . , ; : - _',
  passwordTooLong: 'Das Passwort darf höchstens 1024 Zeichen lang sein',
  passwordSameAsOld: 'Passwort muss anders als das alte sein',
  deleteConfirmation: 'Bestätigung erforderlich',
  shortTermDays: 'Dieses Feld darf höchstens 365 sein',
  languageRequired: 'Bitte gib mindestens eine Sprache an',
  placeFromSuggestions: 'Bitte wähle einen Ort aus der Vorschlagsliste',
  emptyJobAlertFilter: 'Ein leerer Filter kann nicht als Job-Alert gespeichert werden',
} as const;
