// End to end: the candidate search (Bewerberdatenbank) against the real server and the SMTP sink.
// A candidate in Görlitz lets providers find her (settings and profile through the API, from her
// browser session); an organization registers, is confirmed and approved, and an administrator
// books the candidate search (`jobhafen admin organizations candidate-search ID on`). Its member
// searches the portal by activity, place (chosen from the suggestions) and radius, opens the card
// (no contact data on it), writes to her, and the mail arrives at her address with the message.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { artifactsDir, giveConsent, openBrowser, url } from './browser.mjs';
import { registerConfirmedCandidate } from './candidate.mjs';
import { waitForMail } from './mail.mjs';
import { admin, approvedOrganizationMember } from './provider.mjs';

const PASSWORD = 'Leuchtturm#2026';
const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
const providerEmail = `talents-${stamp}@example.org`;
const candidateEmail = `talent-${stamp}@example.org`;
const company = `Talentsuche Events ${stamp}`;
const message = `Hallo Jana, wir suchen Promoter in Görlitz (${stamp}). Hast du Lust?`;

/** Registered, confirmed, approved and with the candidate search booked. */
async function bookedOrganizationMember() {
  const id = await approvedOrganizationMember({ email: providerEmail, password: PASSWORD, company, firstName: 'Tom', lastName: 'Talent' });
  await admin('organizations', 'candidate-search', id, 'on');
}

/** The candidate's own settings and profile, written from her browser session. */
async function searchableCandidateInGoerlitz(page) {
  await registerConfirmedCandidate(page, candidateEmail);
  const statuses = await page.evaluate(async () => {
    const me = await (await fetch('/api/candidate_accounts/me', { cache: 'no-store' })).json();
    const settings = await fetch(`/api/candidate_accounts/${me.id}`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ searchableByProviders: true }),
    });
    const profile = await fetch(`/api/candidate_profiles/${me.candidateProfile.id}`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/merge-patch+json', Accept: 'application/json' },
      body: JSON.stringify({
        addresses: [{ street: 'Obermarkt 1', zipcode: '02826', city: 'Görlitz', country: 'de' }],
        communicationData: [{ type: 'mobile', value: '0170 1234567' }],
        workPreference: { preferredActivities: ['promotion'], preferredWorkingTimes: ['weekend'] },
      }),
    });
    return [settings.status, profile.status];
  });
  assert.deepEqual(statuses, [200, 200]);
}

let provider;
let talent;

before(async () => {
  provider = await openBrowser();
  talent = await openBrowser();
  await giveConsent(provider.context);
  await giveConsent(talent.context);
});

after(async () => {
  await provider?.close();
  await talent?.close();
});

test('an organization with the candidate search finds a candidate by place and writes to her through Jobhafen', async () => {
  await searchableCandidateInGoerlitz(talent.page);
  await bookedOrganizationMember();
  const { page, pageErrors } = provider;
  const dir = await artifactsDir();

  await page.goto(url('/recruiting/portal/anmelden'));
  await page.getByLabel('E-Mail-Adresse').fill(providerEmail);
  await page.getByLabel('Passwort').fill(PASSWORD);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await page.getByRole('heading', { level: 1, name: 'Übersicht' }).waitFor();
  await page.getByRole('navigation', { name: 'Portal' }).getByRole('link', { name: 'Bewerberdatenbank' }).click();

  const form = page.getByRole('search', { name: 'Bewerber suchen' });
  await form.getByLabel('Tätigkeit').selectOption('promotion');
  await form.getByRole('combobox', { name: 'Ort' }).fill('Görli');
  await form.getByRole('option', { name: /^Görlitz/ }).first().click();
  await form.getByLabel('Umkreis').selectOption('10');
  await form.getByRole('button', { name: 'Suchen' }).click();
  await page.waitForURL(/umkreis=10/);
  const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Jana M.' }) }).first();
  await card.waitFor();
  assert.match(await card.textContent(), /Görlitz/);
  assert.doesNotMatch(await card.textContent(), /Muster|0170|Obermarkt|@/);
  await page.screenshot({ path: `${dir}/candidate-search.png`, fullPage: true });

  await card.getByRole('link', { name: 'Jana M.' }).click();
  await page.getByRole('article', { name: 'Profil' }).waitFor();
  assert.doesNotMatch(await page.getByRole('article', { name: 'Profil' }).textContent(), /Muster|0170|Obermarkt|@/);
  await page.getByLabel('Ihre Nachricht').fill(message);
  await page.getByRole('button', { name: 'Nachricht senden' }).click();
  await page.getByText('Ihre Nachricht ist unterwegs. Wir haben sie per E-Mail an Jana geschickt.').waitFor();
  await page.getByText('Kontaktiert', { exact: true }).first().waitFor();
  await page.screenshot({ path: `${dir}/candidate-contacted.png`, fullPage: true });
  assert.deepEqual(pageErrors(), []);

  const mail = await waitForMail(candidateEmail, { subject: 'möchte dich kennenlernen' });
  assert.ok(mail.subject.includes(company), mail.subject);
  assert.ok(mail.text.includes(message), mail.text);
  assert.ok(mail.text.includes('/meine-einstellungen'), mail.text);
  assert.ok(!mail.text.includes(providerEmail), 'the provider address is not in the mail');
});
