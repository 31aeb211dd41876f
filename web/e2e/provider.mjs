// An organization member for end-to-end tests: registered through the API, confirmed from the
// welcome mail in the SMTP sink and approved by an administrator through the real CLI
// (`jobhafen admin organizations …`, run with the server's own settings).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { url } from './browser.mjs';
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

/** Signs the member in on the portal's sign-in page and waits for the overview. */
export async function signInToPortal(page, email, password) {
  await page.goto(url('/recruiting/portal/anmelden'));
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Passwort').fill(password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await page.getByRole('heading', { level: 1, name: 'Übersicht' }).waitFor();
}
