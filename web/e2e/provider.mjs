// An organization member for end-to-end tests: registered through the API, confirmed from the
// welcome mail in the SMTP sink and approved by an administrator through the real CLI
// (`jobhafen admin organizations …`, run with the server's own settings).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { url } from './browser.mjs';
import { germanDate } from './dates.mjs';
import { waitForMail } from './mail.mjs';

const run = promisify(execFile);
const JOBHAFEN = fileURLToPath(new URL('../../build/jobhafen', import.meta.url));

/** `jobhafen admin …` with the server's own settings (it refuses JOBHAFEN_* variables it does not know). */
export function admin(...args) {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('JOBHAFEN_E2E_')));
  return run(JOBHAFEN, ['admin', ...args], { env });
}

export async function postJson(path, body) {
  const response = await fetch(url(path), { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, body: await response.json().catch(() => null) };
}

/** Registered, confirmed from the mail, approved by an administrator: a member who may act. Answers the organization's id. */
export async function approvedOrganizationMember({ email, password, company, firstName = 'Sabine', lastName = 'Kranz' }) {
  const registered = await postJson('/api/organization_member/register', {
    email, password, passwordConfirmation: password, firstName, lastName, company, phone: '040 123456',
  });
  assert.equal(registered.status, 201, JSON.stringify(registered.body));
  const mail = await waitForMail(email, { subject: 'Willkommen bei Jobhafen' });
  const token = /\/email-bestaetigen\/([\w-]+)/.exec(mail.text)?.[1];
  assert.ok(token, 'no confirmation link in the welcome mail');
  const confirmed = await fetch(url(`/api/candidate_accounts/validate_email_verification_token/${token}`));
  assert.equal(confirmed.status, 200);
  const { stdout } = await admin('organizations', 'list');
  const row = stdout.split('\n').find((line) => line.split('\t')[1] === company);
  assert.ok(row, `${company} is not waiting for review:\n${stdout}`);
  const id = row.split('\t')[0];
  await admin('organizations', 'approve', id);
  return id;
}

/** Signs `page` in to the provider portal as `email` and waits for the overview. */
export async function signInToPortal(page, email, password) {
  await page.goto(url('/recruiting/portal/anmelden'));
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await page.getByRole('heading', { level: 1, name: 'Übersicht' }).waitFor();
}

/**
 * From the signed-in portal: a new job `title` at Husum paid 16 € an hour with the first activity,
 * saved and published; answers its id and slug (the jobs tests with shifts start from one).
 */
export async function publishJobInPortal(page, { title, description }) {
  await page.getByRole('link', { name: 'Neue Stellenanzeige erstellen' }).click();
  await page.getByLabel('Jobtitel *').fill(title);
  await page.getByLabel('Beschreibung').fill(description);
  await page.getByRole('group', { name: 'Tätigkeiten' }).getByRole('checkbox').first().check();
  const place = page.getByRole('group', { name: 'Einsatzort 1' });
  await place.getByRole('combobox', { name: 'Ort (Einsatzort 1)' }).fill('Husu');
  await place.getByRole('option', { name: /^Husum/ }).first().click();
  await page.getByLabel('Grundvergütung').fill('16');
  await page.getByLabel('Vergütung pro').selectOption('hour');
  await page.getByRole('button', { name: 'Speichern und veröffentlichen' }).click();
  await page.getByText('Die Stellenanzeige ist veröffentlicht.').waitFor();
  await page.waitForURL(/\/recruiting\/portal\/stellenanzeigen\/\d+$/);
  const id = Number(/stellenanzeigen\/(\d+)$/.exec(page.url())[1]);
  const slug = await page.evaluate(async (jobId) => (await (await fetch(`/api/job_postings/${jobId}`)).json()).slug, id);
  assert.ok(slug, 'the published job has no slug');
  return { id, slug };
}

/**
 * On the portal's shift page of a job (`/recruiting/portal/stellenanzeigen/{id}/einsaetze`): adds
 * `shifts` ({date, start, end}) through "Einsatz hinzufügen", 2 people each, the first with its own
 * pay of 18,50 € and the place Husum. Answers locators of a shift's heading and list entry.
 */
export async function addShiftsInPortal(page, shifts) {
  const form = page.getByRole('form', { name: 'Einsatz hinzufügen' });
  const heading = (shift) => page.getByRole('heading', { level: 2, name: new RegExp(`${germanDate(shift.date)}, ${shift.start}`) });
  const entry = (shift) => page.getByRole('listitem').filter({ has: heading(shift) });
  for (const [i, shift] of shifts.entries()) {
    await form.getByLabel('Datum', { exact: true }).fill(shift.date);
    await form.getByLabel('Beginn', { exact: true }).fill(shift.start);
    await form.getByLabel('Ende (vor dem Beginn: am Folgetag)').fill(shift.end);
    await form.getByLabel('Benötigte Personen').fill('2');
    if (i === 0) {
      await form.getByLabel(/Lohn pro Stunde/).fill('18,50');
      await form.getByLabel('Einsatzort').selectOption({ label: 'Husum' });
    }
    await form.getByRole('button', { name: 'Einsatz hinzufügen' }).click();
    await heading(shift).waitFor();
  }
  return { heading, entry };
}
