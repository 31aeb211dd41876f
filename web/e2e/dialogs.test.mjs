// End to end: dialogs opened by query parameters against the real accounts API — registration
// through the check-email dialog, the avatar menu, ?logout with its notice — and the
// organization layout's registration dialog (persistent, 900 px, full screen on phones).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { giveConsent, openBrowser, seriousA11yViolations, url } from './browser.mjs';
import { waitForMail } from './mail.mjs';

test('register in the check-email dialog, see the avatar menu, log out via ?logout', async () => {
  const browser = await openBrowser();
  try {
    const { page, pageErrors } = browser;
    await giveConsent(browser.context);
    await page.goto(url('/jobs?login=1'));
    const dialog = page.getByRole('dialog', { name: 'Anmelden oder registrieren' });
    const email = `e2e-${Date.now()}@example.org`;
    await dialog.getByLabel('E-Mail-Adresse').fill(email);
    await dialog.getByRole('button', { name: 'Weiter' }).click();
    const register = page.getByRole('dialog', { name: 'Kostenlos registrieren' });
    await register.getByLabel('Vorname').fill('Jana');
    await register.getByLabel('Nachname').fill('Müller');
    await register.getByLabel('Passwort (mindestens 8 Zeichen)').fill('Sonnenblume-42');
    await register.getByLabel('Passwort wiederholen').fill('Sonnenblume-42');
    await register.getByRole('button', { name: 'Registrieren' }).click();
    await register.waitFor({ state: 'detached' });
    // The registration-success dialog (?success=1) asks to confirm the address.
    const welcome = page.getByRole('dialog', { name: 'Willkommen bei Jobhafen!' });
    await welcome.getByText(/bitte bestätige darin deine E-Mail-Adresse/).waitFor();
    await welcome.getByRole('button', { name: 'Los geht’s' }).click();
    // Registration signs no one in (it answers alike for known addresses): the mail's link does.
    await page.getByRole('banner').getByRole('link', { name: 'Anmelden' }).waitFor();
    const mail = await waitForMail(email, { subject: 'Bitte bestätige deine E-Mail-Adresse' });
    const link = mail.text.match(/https?:\/\/\S+\/email-bestaetigen\/[\w-]+/)?.[0];
    assert.ok(link, `the verification mail carries the link: ${mail.text}`);
    await page.goto(link);
    await page.getByText(`Deine E-Mail-Adresse ${email} ist jetzt bestätigt.`).waitFor();

    // Signed in: favourites and the avatar menu instead of "Anmelden".
    const account = page.getByRole('button', { name: 'Konto von Jana' });
    await account.waitFor();
    await page.getByRole('link', { name: 'Meine Favoriten' }).first().waitFor();
    assert.equal(await page.getByRole('banner').getByRole('link', { name: 'Anmelden' }).count(), 0);
    await account.click();
    await page.getByRole('banner').getByRole('link', { name: 'Abmelden' }).click();
    await page.getByText('Du hast dich erfolgreich abgemeldet.').waitFor();
    await page.getByRole('banner').getByRole('link', { name: 'Anmelden' }).waitFor();
    assert.equal(new URL(page.url()).searchParams.has('logout'), false);
    assert.deepEqual(pageErrors(), []);
  } finally {
    await browser.close();
  }
});

test('organization registration dialog: persistent, 900 px wide, full screen on a phone', async () => {
  const browser = await openBrowser();
  try {
    const { page, pageErrors } = browser;
    await giveConsent(browser.context);
    await page.goto(url('/recruiting'));
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('banner').getByRole('link', { name: 'Kostenlos registrieren' }).click();
    // The bar's "Kostenlos registrieren" registers without a job (issue 41, item 6): no job fields.
    const dialog = page.getByRole('dialog', { name: 'Als Arbeitgeber registrieren' });
    await dialog.waitFor();
    assert.equal(new URL(page.url()).searchParams.get('registration'), '1');
    assert.equal(await dialog.getByLabel('Jobtitel').count(), 0);
    assert.equal(Math.round((await dialog.boundingBox()).width), 900);
    assert.deepEqual(await seriousA11yViolations(page), []);
    // Persistent: Escape does not close it.
    await page.keyboard.press('Escape');
    await page.waitForTimeout(300);
    assert.equal(await dialog.isVisible(), true);

    await page.setViewportSize({ width: 390, height: 844 });
    const box = await dialog.boundingBox();
    assert.equal(Math.round(box.width), 390);
    assert.equal(Math.round(box.height), 844);
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await dialog.waitFor({ state: 'detached' });
    assert.equal(new URL(page.url()).searchParams.has('registration'), false);

    // "Sie" on the organization side.
    await page.goto(url('/recruiting?registrationWithJob=1'));
    await page.getByRole('dialog', { name: 'Registrieren und Job inserieren' }).getByLabel('Jobtitel').waitFor();
    // "Jetzt Job inserieren" (?registrationWithJob=1) opens the dialog with the first job's fields.
    await page.goto(url('/recruiting'));
    await page.getByRole('main').getByRole('link', { name: 'Jetzt Job inserieren' }).first().click();
    await page.getByRole('dialog', { name: 'Registrieren und Job inserieren' }).getByLabel('Jobtitel').waitFor();
    assert.deepEqual(pageErrors(), []);
  } finally {
    await browser.close();
  }
});
