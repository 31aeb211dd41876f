// What a provider reads about the organization's review after confirming the address (issue 41,
// item 3): the welcome mail's link lands on the portal's sign-in page with ?bestaetigt=<state>.
export const REVIEW_NEXT: Record<string, string> = {
  pending:
    'Wir prüfen jetzt die Angaben zu Ihrem Unternehmen. Sobald es freigeschaltet ist, schreiben wir Ihnen eine E-Mail; dann können Sie im Portal Stellenanzeigen veröffentlichen.',
  approved: 'Ihr Unternehmen ist freigeschaltet: Sie können im Portal Stellenanzeigen veröffentlichen.',
  rejected: 'Ihr Unternehmen ist derzeit nicht freigeschaltet. Bei Fragen schreiben Sie uns bitte über das Kontaktformular.',
  blocked: 'Ihr Unternehmen ist derzeit nicht freigeschaltet. Bei Fragen schreiben Sie uns bitte über das Kontaktformular.',
};

export const ADDRESS_CONFIRMED = 'Vielen Dank! Ihre E-Mail-Adresse ist jetzt bestätigt.';
