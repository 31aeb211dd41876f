// End to end: the account pages (sedcard, uploads, job alerts) against the real server, with a candidate who
// registered through the API (from the page, so the session cookies are set) and confirmed the
// address from the verification mail. Uploading a portrait shows a progress bar and the portrait
// appears on the sedcard page; a search saved as job alert is confirmed from its mail and shows as
// active under /meine-job-alerts; /meine-daten saves one block and refuses a broken one, red and
// unsaved.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { artifactsDir, giveConsent, openBrowser, seriousA11yViolations, url } from './browser.mjs';
import { registerConfirmedCandidate } from './candidate.mjs';
import { waitForMail } from './mail.mjs';

let browser;
const email = `konto-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.org`;

before(async () => {
  browser = await openBrowser();
  await giveConsent(browser.context);
  await registerConfirmedCandidate(browser.page, email);
});

after(async () => {
  await browser?.close();
});

/** axe's serious and critical findings on the page, the signed-in app bar included. */
async function pageA11yViolations(page) {
  return seriousA11yViolations(page);
}

/** A photo drawn by the browser: `width` × `height` px of colour noise, as PNG bytes. */
async function photo(page, width, height) {
  const base64 = await page.evaluate(({ width, height }) => {
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    const gradient = context.createLinearGradient(0, 0, width, height);
    gradient.addColorStop(0, '#f4c542');
    gradient.addColorStop(1, '#1d5fa8');
    context.fillStyle = gradient;
    context.fillRect(0, 0, width, height);
    for (let i = 0; i < 4000; i++) {
      context.fillStyle = `hsl(${i % 360} 70% 50% / 0.5)`;
      context.fillRect((i * 7919) % width, (i * 104729) % height, 24, 24);
    }
    return canvas.toDataURL('image/png').split(',')[1];
  }, { width, height });
  return Buffer.from(base64, 'base64');
}

test('the account navigation lists every account page', async () => {
  const { page, pageErrors } = browser;
  await page.goto(url('/mein-dashboard'));
  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
  const nav = page.getByRole('navigation', { name: 'Mein Konto' }).last();
  for (const name of ['Meine Daten', 'Meine Bilder', 'Meine Dokumente', 'Meine Videos', 'Meine Job-Alerts', 'Meine Bewerbungen', 'Passwort ändern', 'Meine Rechnungen'])
    await nav.getByRole('link', { name }).waitFor();
  await page.getByRole('heading', { name: /^Dein Profil ist zu \d+ % vollständig$/ }).waitFor();
  await page.getByText('Bewerbungen', { exact: true }).waitFor();
  assert.deepEqual(pageErrors(), []);
});

test('a portrait uploads with a progress bar, scaled down first, and shows on the sedcard page', async () => {
  const { page, context, pageErrors } = browser;
  const dir = await artifactsDir();
  await page.goto(url('/meine-bilder'));
  await page.getByRole('heading', { level: 1, name: 'Meine Bilder' }).waitFor();

  // Not an image: refused in the browser with the spec's message, nothing sent.
  let posted = 0;
  const countPosts = (r) => { if (r.method() === 'POST' && r.url().includes('/profile_images')) posted += 1; };
  page.on('request', countPosts);
  await page.getByLabel('Bild auswählen').setInputFiles({ name: 'lebenslauf.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n') });
  await page.getByRole('button', { name: 'Bild hochladen' }).click();
  await page.getByText('Datei muss ein Bild sein').waitFor();
  assert.equal(posted, 0);
  page.off('request', countPosts);

  // A large photo: a slow upload line, so the bar is seen filling.
  const original = await photo(page, 3000, 4000);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 50, downloadThroughput: -1, uploadThroughput: 256 * 1024 });
  await page.getByLabel('Art des Bildes').selectOption('portrait');
  await page.getByLabel('Bild auswählen').setInputFiles({ name: 'portrait.png', mimeType: 'image/png', buffer: original });
  await page.getByRole('button', { name: 'Bild hochladen' }).click();
  const bar = page.getByRole('progressbar', { name: 'Fortschritt des Hochladens' });
  await bar.waitFor();
  await page.screenshot({ path: join(dir, 'account-upload-progress.png') });
  await page.getByText('Hochgeladen.').waitFor({ timeout: 60_000 });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  // The server holds the photo scaled down in the browser: 2,560 px on the longest side.
  await page.getByRole('list', { name: 'Deine Bilder' }).getByText('Porträt (Profilbild)').waitFor();
  const images = await page.evaluate(async () => {
    const me = await (await fetch('/api/candidate_accounts/me', { cache: 'no-store' })).json();
    return (await (await fetch(`/api/candidate_profiles/${me.candidateProfile.id}`, { cache: 'no-store' })).json()).images;
  });
  assert.deepEqual(images.map((i) => [i.type, i.width, i.height]), [['portrait', 1920, 2560]]);

  await page.getByRole('navigation', { name: 'Mein Konto' }).last().getByRole('link', { name: 'Meine Sedcard' }).click();
  const portrait = page.getByRole('img', { name: 'Porträt von Jana' });
  await portrait.waitFor();
  await page.waitForFunction(() => {
    const img = document.querySelector('img[alt="Porträt von Jana"]');
    return img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0;
  });
  await page.getByRole('link', { name: 'Sedcard als PDF herunterladen' }).waitFor();
  await page.screenshot({ path: join(dir, 'account-sedcard.png'), fullPage: true });
  assert.deepEqual(await pageA11yViolations(page), []);
  assert.deepEqual(pageErrors(), []);
});

test('a search saved as job alert is confirmed from its mail and shows as active', async () => {
  const { page, pageErrors } = browser;
  await page.goto(url('/messejobs'));
  await page.getByRole('heading', { level: 1, name: 'Messejobs' }).waitFor();
  await page.getByRole('button', { name: 'Als Job-Alert speichern' }).click();
  const dialog = page.getByRole('dialog', { name: 'Job-Alert anlegen' });
  await dialog.getByRole('button', { name: 'Job-Alert speichern' }).click();
  await dialog.getByText(/Bitte bestätige darin deinen Job-Alert/).waitFor();
  await dialog.locator('button', { hasText: 'Schließen' }).click();

  await page.goto(url('/meine-job-alerts'));
  const row = page.locator('li[data-alert-id]').filter({ hasText: 'Messejobs' });
  await row.getByText('Bitte bestätigen').waitFor();

  const mail = await waitForMail(email, { subject: 'Bitte bestätige deinen Job-Alert' });
  const link = /https?:\/\/\S+\/job-alert-bestaetigen\/\d+\/[\w-]+/.exec(mail.text)?.[0];
  assert.ok(link, 'no confirmation link in the job alert mail');
  await page.goto(link);
  await page.getByText(/Dein Job-Alert „Messejobs“ ist bestätigt/).waitFor();
  await page.getByRole('link', { name: 'Zu meinen Job-Alerts' }).click();
  await row.getByText('Aktiv', { exact: true }).waitFor();

  // Pause and resume.
  await row.getByRole('button', { name: 'Pausieren' }).click();
  await row.getByText('Pausiert', { exact: true }).waitFor();
  await row.getByRole('button', { name: 'Fortsetzen' }).click();
  await row.getByText('Aktiv', { exact: true }).waitFor();
  assert.deepEqual(pageErrors(), []);
});

test('Meine Daten: a block saves on its own; a broken block turns red and is not saved', async () => {
  const { page, pageErrors } = browser;
  const dir = await artifactsDir();
  await page.goto(url('/meine-daten'));
  const personal = page.getByRole('region', { name: 'Persönliche Daten' });
  await personal.getByLabel('Geschlecht').selectOption('female');
  await personal.getByLabel('Geburtsdatum').fill('1999-04-12');
  await personal.getByRole('button', { name: 'Persönliche Daten speichern' }).click();
  await personal.getByText('Gespeichert.').waitFor();

  // The client rule: a German postal code has five digits.
  const addresses = page.getByRole('region', { name: 'Adressen' });
  await addresses.getByRole('button', { name: 'Adresse hinzufügen' }).click();
  await addresses.getByLabel('Straße und Hausnummer *').fill('Hafenstraße 1');
  await addresses.getByLabel('PLZ *').fill('2045');
  await addresses.getByLabel('Ort *').fill('Hamburg');
  await addresses.getByRole('button', { name: 'Adressen speichern' }).click();
  await addresses.getByRole('alert').getByText('Dieser Bereich wurde nicht gespeichert.', { exact: false }).waitFor();
  await addresses.getByText('Dieses Feld muss eine gültige Postleitzahl für das ausgewählte Land enthalten').waitFor();
  assert.equal(await addresses.getAttribute('data-invalid'), 'true');
  assert.equal(await addresses.evaluate((el) => getComputedStyle(el).borderTopColor), 'rgb(161, 18, 31)');

  // A rule only the server knows (at most 250 cm): its 422 lands on the field.
  const appearance = page.getByRole('region', { name: 'Aussehen' });
  await appearance.getByLabel('Körpergröße (cm)').fill('320');
  await appearance.getByRole('button', { name: 'Aussehen speichern' }).click();
  await appearance.getByRole('alert').getByText('Dieser Bereich wurde nicht gespeichert.', { exact: false }).waitFor();
  assert.equal(await appearance.getByLabel('Körpergröße (cm)').getAttribute('aria-invalid'), 'true');
  await page.screenshot({ path: join(dir, 'account-data-invalid.png'), fullPage: true });

  // What the server holds: the personal data, but neither the address nor the height.
  const profile = await page.evaluate(async () => {
    const me = await (await fetch('/api/candidate_accounts/me')).json();
    return (await fetch(`/api/candidate_profiles/${me.candidateProfile.id}`)).json();
  });
  assert.equal(profile.gender, 'female');
  assert.equal(profile.birthDate, '1999-04-12');
  assert.deepEqual(profile.addresses ?? [], []);
  assert.equal(profile.appearance?.bodyHeight, undefined);

  await page.reload();
  await page.getByRole('region', { name: 'Persönliche Daten' }).getByLabel('Geburtsdatum').waitFor();
  assert.equal(await page.getByRole('region', { name: 'Persönliche Daten' }).getByLabel('Geburtsdatum').inputValue(), '1999-04-12');
  assert.equal(await page.getByRole('region', { name: 'Aussehen' }).getByLabel('Körpergröße (cm)').inputValue(), '');
  assert.deepEqual(await pageA11yViolations(page), []);
  assert.deepEqual(pageErrors(), []);
});
