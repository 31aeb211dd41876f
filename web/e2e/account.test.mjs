// End to end: registering, confirming the address from the received mail, filling the
// data relevant for applying and applying; a visitor's saved application sent with the
// registration and forwarded after the confirmation; changing the password; deleting the account.
// Against the real server, its mails read from the SMTP sink (mail.mjs).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { apiJson, giveConsent, openBrowser, url } from './browser.mjs';
import { waitForMail } from './mail.mjs';

const PASSWORD = 'Sonnenblume-42';

const newEmail = (tag) => `e2e-${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.org`;

async function someJob() {
  const list = await apiJson('/api/job_postings?isPublished=1&itemsPerPage=1');
  const job = list.body['hydra:member'][0];
  assert.ok(job, 'the seeded database has a published job');
  return job;
}

/** Goes through the check-email dialog (opened by the caller) and registers. */
async function registerInDialog(page, email, { withApplication = false } = {}) {
  const dialog = page.getByRole('dialog', { name: 'Anmelden oder registrieren' });
  await dialog.getByLabel('E-Mail-Adresse').fill(email);
  await dialog.getByRole('button', { name: 'Weiter' }).click();
  const register = page.getByRole('dialog', { name: 'Kostenlos registrieren' });
  await register.getByLabel('Vorname').fill('Jana');
  await register.getByLabel('Nachname').fill('Müller');
  const password = register.getByLabel('Passwort (mindestens 8 Zeichen)');
  await password.fill('sonne');
  // The rules tick off while typing.
  await register.getByText('Mindestens 8 Zeichen (noch offen)').waitFor();
  await password.fill(PASSWORD);
  await register.getByText('Ein Sonderzeichen (erfüllt)').waitFor();
  await register.getByLabel('Passwort wiederholen').fill(PASSWORD);
  if (withApplication) {
    // Registering together with an application needs a language: refused without its level.
    await register.getByRole('button', { name: 'Registrieren' }).click();
    await register.getByText(messagesRequired).first().waitFor();
    await register.getByLabel('Sprache', { exact: true }).selectOption('de');
    await register.getByLabel('Sprachniveau').selectOption('native');
  }
  await register.getByRole('button', { name: 'Registrieren' }).click();
  await register.waitFor({ state: 'detached' });
}

const messagesRequired = 'Dieses Feld darf nicht leer sein';

async function openVerificationLink(page, email) {
  const mail = await waitForMail(email, { subject: 'Bitte bestätige deine E-Mail-Adresse' });
  const link = mail.text.match(/https?:\/\/\S+\/email-bestaetigen\/[\w-]+/)?.[0];
  assert.ok(link, `the verification mail carries the link: ${mail.text}`);
  await page.goto(link);
  await page.getByText(`Deine E-Mail-Adresse ${email} ist jetzt bestätigt.`).waitFor();
}

async function signIn(page, email, password) {
  await page.goto(url('/?login=1'));
  const dialog = page.getByRole('dialog', { name: 'Anmelden oder registrieren' });
  await dialog.getByLabel('E-Mail-Adresse').fill(email);
  await dialog.getByRole('button', { name: 'Weiter' }).click();
  await dialog.getByLabel('Passwort', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Anmelden' }).click();
  return dialog;
}

test('register, confirm from the mail, fill the data for applying, apply, see it under /meine-bewerbungen', async () => {
  const job = await someJob();
  const email = newEmail('apply');
  const browser = await openBrowser();
  try {
    const { page, pageErrors } = browser;
    await giveConsent(browser.context);
    await page.goto(url('/?login=1'));
    await registerInDialog(page, email);
    await page.getByRole('dialog', { name: 'Willkommen bei Jobhafen!' }).getByRole('button', { name: 'Los geht’s' }).click();
    await openVerificationLink(page, email);

    await page.goto(url(`/jobs-bewerbung/${job.slug}`));
    const form = page.getByRole('form', { name: 'Angaben für deine Bewerbung' });
    await form.waitFor();
    // Checked in the browser first, with the spec's messages.
    await form.getByRole('button', { name: 'Speichern und bewerben' }).click();
    await form.getByText('Bitte prüfe die rot markierten Felder. Deine Angaben wurden noch nicht gespeichert.').waitFor();
    await form.getByLabel('Geschlecht').selectOption('female');
    await form.getByLabel('Straße und Hausnummer').fill('Hafenstraße 1');
    await form.getByLabel('Postleitzahl').fill('123');
    await form.getByLabel('Ort', { exact: true }).fill('Hamburg');
    await form.getByLabel('Handynummer').fill('0151 1234567');
    await form.getByLabel('Beschäftigungsstatus').selectOption('student');
    await form.getByLabel(/Ich habe Erfahrung/).check();
    await form.getByLabel('Deine Nachricht an den Jobanbieter (optional)').fill('Ich freue mich auf den Einsatz!');
    await form.getByRole('button', { name: 'Speichern und bewerben' }).click();
    await form.getByText('Dieses Feld muss eine gültige Postleitzahl für das ausgewählte Land enthalten').waitFor();
    await form.getByLabel('Postleitzahl').fill('20457');
    await form.getByRole('button', { name: 'Speichern und bewerben' }).click();

    const thanks = page.getByRole('dialog', { name: 'Danke für deine Bewerbung!' });
    await thanks.waitFor();
    await thanks.getByRole('link', { name: 'Meine Bewerbungen' }).click();
    const list = page.getByRole('list', { name: 'Deine Bewerbungen' });
    await list.getByRole('link', { name: job.title }).waitFor();
    assert.match(await list.innerText(), /Status: Gesendet/);

    // Applying twice is refused with the spec's message.
    await page.goto(url(`/jobs-bewerbung/${job.slug}`));
    await page.getByRole('button', { name: 'Bewerbung absenden' }).click();
    await page.getByRole('alert').getByText('Du hast dich bereits auf diesen Job beworben.').waitFor();
    assert.deepEqual(pageErrors().filter((e) => !e.includes('409')), []);
  } finally {
    await browser.close();
  }
});

test('a visitor presses "Bewerben", registers, confirms, and the saved application goes out', async () => {
  const job = await someJob();
  const email = newEmail('visitor');
  const browser = await openBrowser();
  try {
    const { page, pageErrors } = browser;
    await giveConsent(browser.context);
    await page.goto(url(`/jobs-bewerbung/${job.slug}`));
    await page.getByLabel('Deine Nachricht an den Jobanbieter (optional)').fill('Hallo aus dem Test!');
    await page.getByRole('button', { name: 'Bewerben', exact: true }).click();
    const saved = JSON.parse(await page.evaluate(() => localStorage.getItem('SavedApplyJob')));
    assert.equal(saved.slug, job.slug);
    assert.equal(saved.notes, 'Hallo aus dem Test!');

    await registerInDialog(page, email, { withApplication: true });
    const welcome = page.getByRole('dialog', { name: 'Willkommen bei Jobhafen!' });
    await welcome.getByText(`Deine Bewerbung auf „${job.title}“ ist gespeichert.`).waitFor();
    await welcome.getByRole('button', { name: 'Verstanden' }).click();
    // Back on the apply page: the held application and what happens next, no second "Bewerben".
    await page.getByRole('heading', { name: 'Deine Bewerbung ist gespeichert' }).waitFor();
    await page.getByText('Hallo aus dem Test!').waitFor();
    assert.equal(await page.getByRole('button', { name: 'Bewerben', exact: true }).count(), 0);

    await openVerificationLink(page, email);
    await page.getByText(`Deine Bewerbung auf „${job.title}“ ist jetzt beim Jobanbieter.`).waitFor();
    assert.equal(await page.evaluate(() => localStorage.getItem('SavedApplyJob')), null);
    await page.getByRole('main').getByRole('link', { name: 'Meine Bewerbungen' }).click();
    const list = page.getByRole('list', { name: 'Deine Bewerbungen' });
    await list.getByRole('link', { name: job.title }).waitFor();
    assert.match(await list.innerText(), /Status: Gesendet/);
    assert.deepEqual(pageErrors(), []);
  } finally {
    await browser.close();
  }
});

test('change the password and sign in with the new one; delete the account and fail to sign in', async () => {
  const email = newEmail('password');
  const newPassword = 'Leuchtturm#2026';
  const browser = await openBrowser();
  try {
    const { page } = browser;
    await giveConsent(browser.context);
    await page.goto(url('/mein-passwort-aendern'));
    await page.getByRole('heading', { name: 'Bitte melde dich an' }).waitFor(); // the access-denied page
    await page.goto(url('/?login=1'));
    await registerInDialog(page, email);
    await openVerificationLink(page, email); // the link signs in

    await page.goto(url('/mein-passwort-aendern'));
    const form = page.getByRole('form', { name: 'Passwort ändern' });
    await form.getByLabel('Aktuelles Passwort').fill('Falsch-123');
    await form.getByLabel('Neues Passwort', { exact: true }).fill(newPassword);
    await form.getByLabel('Neues Passwort wiederholen').fill(newPassword);
    await form.getByRole('button', { name: 'Passwort ändern' }).click();
    await form.getByText('Altes Passwort falsch').waitFor(); // the server's 422 on the right field
    await form.getByLabel('Aktuelles Passwort').fill(PASSWORD);
    await form.getByRole('button', { name: 'Passwort ändern' }).click();
    await form.getByText('Dein Passwort wurde geändert.').waitFor();

    await page.goto(url('/?logout=1'));
    await page.getByText('Du hast dich erfolgreich abgemeldet.').waitFor();
    const dialog = await signIn(page, email, PASSWORD);
    await dialog.getByText('E-Mail-Adresse oder Passwort ist falsch.').waitFor();
    await dialog.getByLabel('Passwort', { exact: true }).fill(newPassword);
    await dialog.getByRole('button', { name: 'Anmelden' }).click();
    await page.getByRole('button', { name: 'Konto von Jana' }).waitFor();

    await page.goto(url('/meinen-account-loeschen'));
    const remove = page.getByRole('form', { name: 'Konto löschen' });
    await remove.getByLabel('Bestätigung').fill('löschen');
    await remove.getByRole('button', { name: 'Konto endgültig löschen' }).click();
    await remove.getByText('Bestätigung erforderlich').waitFor();
    await remove.getByLabel('Bestätigung').fill('delete');
    await remove.getByRole('button', { name: 'Konto endgültig löschen' }).click();
    await page.getByText('Dein Konto wurde gelöscht.').waitFor();
    await page.getByRole('banner').getByRole('link', { name: 'Anmelden' }).waitFor();

    // The address is free again: the dialog offers registration, and the old password is refused.
    await page.goto(url('/?login=1'));
    const check = page.getByRole('dialog', { name: 'Anmelden oder registrieren' });
    await check.getByLabel('E-Mail-Adresse').fill(email);
    await check.getByRole('button', { name: 'Weiter' }).click();
    await page.getByRole('dialog', { name: 'Kostenlos registrieren' }).waitFor();
    const login = await fetch(url('/api/login'), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password: newPassword }) });
    assert.equal(login.status, 401);
  } finally {
    await browser.close();
  }
});

test('"Auf allen Geräten abmelden" on the laptop signs the phone out too', async () => {
  const email = newEmail('everywhere');
  const laptop = await openBrowser();
  const phone = await openBrowser({ viewport: { width: 390, height: 844 } });
  try {
    await giveConsent(laptop.context);
    await giveConsent(phone.context);
    await laptop.page.goto(url('/?login=1'));
    await registerInDialog(laptop.page, email);
    await openVerificationLink(laptop.page, email); // the link signs in
    const phoneDialog = await signIn(phone.page, email, PASSWORD);
    await phoneDialog.waitFor({ state: 'detached' }); // signed in
    await phone.page.goto(url('/meine-einstellungen'));
    await phone.page.getByRole('heading', { name: 'Angemeldete Geräte' }).waitFor();

    await laptop.page.goto(url('/meine-einstellungen'));
    await laptop.page.getByRole('button', { name: 'Auf allen Geräten abmelden' }).click();
    await laptop.page.getByText('Du bist jetzt auf allen Geräten abgemeldet.').waitFor();
    await laptop.page.waitForURL((u) => u.pathname === '/');
    await laptop.page.getByRole('banner').getByRole('link', { name: 'Anmelden' }).waitFor();
    // The phone's next page finds its session ended.
    await phone.page.reload();
    await phone.page.getByRole('heading', { name: 'Bitte melde dich an' }).waitFor();
    assert.equal((await phone.page.evaluate(async () => (await fetch('/api/candidate_accounts/me')).status)), 401);
  } finally {
    await laptop.close();
    await phone.close();
  }
});

test('forgot password: the link from the reset mail sets a new password', async () => {
  const email = newEmail('reset');
  const newPassword = 'Ankerplatz!77';
  const browser = await openBrowser();
  try {
    const { page, pageErrors } = browser;
    await giveConsent(browser.context);
    await page.goto(url('/?login=1'));
    await registerInDialog(page, email);
    await page.goto(url('/?logout=1'));
    await page.getByText('Du hast dich erfolgreich abgemeldet.').waitFor();

    await page.goto(url('/?login=1'));
    const dialog = page.getByRole('dialog', { name: 'Anmelden oder registrieren' });
    await dialog.getByLabel('E-Mail-Adresse').fill(email);
    await dialog.getByRole('button', { name: 'Weiter' }).click();
    await dialog.getByRole('button', { name: 'Passwort vergessen?' }).click();
    const forgot = page.getByRole('dialog', { name: 'Passwort vergessen' });
    await forgot.getByRole('button', { name: 'Link senden' }).click();
    await forgot.getByText(`Wenn es ein Konto zu ${email} gibt`).waitFor();

    const mail = await waitForMail(email, { subject: 'Dein neues Passwort' });
    const link = mail.text.match(/https?:\/\/\S+\/passwort-zuruecksetzen\/[\w-]+/)?.[0];
    assert.ok(link, `the reset mail carries the link: ${mail.text}`);
    await page.goto(link);
    const form = page.getByRole('form', { name: 'Neues Passwort festlegen' });
    await form.getByLabel('Neues Passwort', { exact: true }).fill(newPassword);
    await form.getByLabel('Neues Passwort wiederholen').fill('Ankerplatz!78');
    await form.getByRole('button', { name: 'Passwort speichern' }).click();
    await form.getByText('Passwort muss gleich sein').waitFor();
    await form.getByLabel('Neues Passwort wiederholen').fill(newPassword);
    await form.getByRole('button', { name: 'Passwort speichern' }).click();
    await page.getByText('Dein neues Passwort ist gespeichert.').waitFor();

    await signIn(page, email, newPassword);
    await page.getByRole('button', { name: 'Konto von Jana' }).waitFor();
    // The link works once.
    await page.goto(link);
    await page.getByText('Dieser Link ist ungültig oder abgelaufen.').waitFor();
    assert.deepEqual(pageErrors(), []);
  } finally {
    await browser.close();
  }
});

test('change the address: the password is asked for, the old address can undo it', async () => {
  const email = newEmail('umzug');
  const moved = newEmail('neu');
  const browser = await openBrowser();
  try {
    const { page } = browser;
    await giveConsent(browser.context);
    await page.goto(url('/?login=1'));
    await registerInDialog(page, email);
    await openVerificationLink(page, email);

    await page.goto(url('/meine-email-aendern'));
    const form = page.getByRole('form', { name: 'E-Mail-Adresse ändern' });
    await form.getByLabel('Neue E-Mail-Adresse', { exact: true }).fill(moved);
    await form.getByLabel('Neue E-Mail-Adresse wiederholen').fill(moved);
    await form.getByRole('button', { name: 'E-Mail-Adresse ändern' }).click();
    await form.getByText('Dieses Feld darf nicht leer sein').waitFor(); // the password, checked in the browser
    await form.getByLabel('Dein aktuelles Passwort').fill('Falsch-123');
    await form.getByRole('button', { name: 'E-Mail-Adresse ändern' }).click();
    await form.getByText('Altes Passwort falsch').waitFor(); // the server's 422
    await form.getByLabel('Dein aktuelles Passwort').fill(PASSWORD);
    await form.getByRole('button', { name: 'E-Mail-Adresse ändern' }).click();
    await page.getByText(`Fast geschafft: Wir haben einen Link an ${moved} geschickt.`).waitFor();

    // The old address hears of it and can undo it with one click.
    const notice = await waitForMail(email, { subject: 'Deine E-Mail-Adresse bei Jobhafen wird geändert' });
    const undo = notice.text.match(/https?:\/\/\S+\/email-aenderung-widerrufen\/[\w-]+/)?.[0];
    assert.ok(undo, `the notice carries the undo link: ${notice.text}`);
    await page.goto(undo);
    await page.getByRole('button', { name: 'Änderung rückgängig machen' }).click();
    await page.getByText('Deine bisherige E-Mail-Adresse gilt wieder').waitFor();
    await page.getByRole('banner').getByRole('link', { name: 'Anmelden' }).waitFor();
    await waitForMail(email, { subject: 'Dein neues Passwort' });
  } finally {
    await browser.close();
  }
});
