// A visitor's way from the sign-in dialog ("Anmelden oder registrieren") into the registration form,
// as the tests of applying go it: a new address (nele@example.de), "Weiter", then the form filled
// for Nele Neu (password Geheim123!, German as her native language). Returns the form, so a test
// can add its own fields (the birth date, when shifts are chosen) before it clicks "Registrieren".
import { fireEvent, screen, within } from '@testing-library/react';

export async function fillRegistrationAsNele(signInDialog: HTMLElement): Promise<HTMLElement> {
  fireEvent.change(within(signInDialog).getByLabelText('E-Mail-Adresse'), { target: { value: 'nele@example.de' } });
  fireEvent.click(within(signInDialog).getByRole('button', { name: 'Weiter' }));
  const form = await screen.findByRole('dialog', { name: 'Kostenlos registrieren' });
  fireEvent.change(within(form).getByLabelText('Vorname'), { target: { value: 'Nele' } });
  fireEvent.change(within(form).getByLabelText('Nachname'), { target: { value: 'Neu' } });
  fireEvent.change(within(form).getByLabelText('Passwort (mindestens 8 Zeichen)'), { target: { value: 'Geheim123!' } });
  fireEvent.change(within(form).getByLabelText('Passwort wiederholen'), { target: { value: 'Geheim123!' } });
  fireEvent.change(within(form).getByLabelText('Sprachniveau'), { target: { value: 'native' } });
  return form;
}
