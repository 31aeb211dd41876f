// End to end (issue 42 items 1, 2 and 5; docs/fair-play.md), against the real server and its mails
// in the SMTP sink: an approved organization writes "Promoter (m/w/d)" in the job editor; at
// 12,00 € an hour "Speichern und veröffentlichen" is refused at the pay field with the minimum wage
// of 13,90 € (2026); the editor shows a pay per shift in hours as it is typed; at 14,00 € the job is
// public and its page names the pay. Two candidates apply, one more is already declined; the
// provider closes the job in the portal (and a second close through the API changes nothing): each
// open applicant gets exactly one rejection mail, the declined one none.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { giveConsent, openBrowser, url } from './browser.mjs';
import { registerConfirmedCandidate, fillDataForApplying } from './candidate.mjs';
import { sql } from './db.mjs';
import { mailsTo, waitForMail } from './mail.mjs';
import { approvedOrganizationMember } from './provider.mjs';

const PASSWORD = 'Leuchtturm#2026';
const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
const email = `fairpay-${stamp}@example.org`;
const company = `Faire Promotion ${stamp}`;
const title = 'Promoter (m/w/d)';
const REJECTION = 'Rückmeldung zu deiner Bewerbung';

let provider;
let candidates = [];
let jobId;

before(async () => {
  provider = await openBrowser();
  await giveConsent(provider.context);
});

after(async () => {
  await provider?.close();
  for (const c of candidates) await c.close();
});

async function choosePlace(scope, label, typed, name) {
  await scope.getByRole('combobox', { name: label }).fill(typed);
  await scope.getByRole('option', { name: new RegExp(`^${name}`) }).first().click();
}

test('"Promoter (m/w/d)" at 12,00 €/h is refused naming 13,90 €; at 14,00 € it is public', async () => {
  await approvedOrganizationMember({ email, password: PASSWORD, company });
  const { page, pageErrors } = provider;
  await page.goto(url('/recruiting/portal/anmelden'));
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await page.getByRole('heading', { level: 1, name: 'Übersicht' }).waitFor();

  await page.getByRole('link', { name: 'Neue Stellenanzeige erstellen' }).click();
  await page.getByLabel('Jobtitel *').fill(title);
  await page.getByLabel('Beschreibung').fill('Sie stellen unsere Produkte im Markt vor und verteilen Proben.');
  await choosePlace(page.getByRole('group', { name: 'Einsatzort 1' }), 'Ort (Einsatzort 1)', 'Görli', 'Görlitz');
  await page.getByRole('group', { name: 'Tätigkeiten' }).getByRole('checkbox').first().check();

  // A pay per shift or day in hours, as it is typed.
  await page.getByLabel('Grundvergütung').fill('80');
  await page.getByLabel('Vergütung pro').selectOption('day');
  await page.getByTestId('hourly-equivalent').filter({ hasText: 'entspricht 10,00 €/h bei 8 Stunden' }).waitFor();

  await page.getByLabel('Grundvergütung').fill('12,00');
  await page.getByLabel('Vergütung pro').selectOption('hour');
  const publish = page.getByRole('button', { name: 'Speichern und veröffentlichen' });
  await publish.click();
  await page.getByText('Der Lohn von 12,00 € pro Stunde liegt unter dem Mindestlohn von 13,90 € pro Stunde (2026).').waitFor();
  assert.match(page.url(), /\/recruiting\/portal\/stellenanzeigen\/neu$/);   // nothing was saved

  await page.getByLabel('Grundvergütung').fill('14,00');
  await publish.click();
  await page.getByText('Die Stellenanzeige ist veröffentlicht.').waitFor();
  await page.waitForURL(/\/recruiting\/portal\/stellenanzeigen\/\d+$/);
  jobId = /\/stellenanzeigen\/(\d+)$/.exec(page.url())[1];

  const [[slug, published]] = await sql('SELECT slug, is_published FROM job_postings WHERE id = :p1', jobId);
  assert.equal(published, 't');
  const visitor = await openBrowser();
  candidates.push(visitor);
  await visitor.page.goto(url(`/jobs/${slug}`));
  await visitor.page.getByRole('heading', { level: 1, name: title }).waitFor();
  await visitor.page.getByText('14,00 € pro Stunde').first().waitFor();
  assert.deepEqual(pageErrors(), []);
});

test('closing the job mails each open applicant exactly once', async () => {
  assert.ok(jobId, 'the first test published the job');
  const addresses = [`fairpay-a-${stamp}@example.org`, `fairpay-b-${stamp}@example.org`, `fairpay-c-${stamp}@example.org`];
  for (const address of addresses) {
    const candidate = await openBrowser();
    candidates.push(candidate);
    await registerConfirmedCandidate(candidate.page, address);
    await fillDataForApplying(candidate.page);
    const status = await candidate.page.evaluate(async (id) => (await fetch(`/api/job_postings/${id}/apply`, {
      method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, body: '{}',
    })).status, jobId);
    assert.equal(status, 201);
  }
  // The third was declined before: the close does not write to that person again.
  await sql(
    "UPDATE applications SET status = 'declined' WHERE job_posting_id = :p1 AND candidate_account_id = (SELECT id FROM accounts WHERE email = :'p2')",
    jobId, addresses[2],
  );

  const { page, pageErrors } = provider;
  await page.getByRole('navigation', { name: 'Portal' }).getByRole('link', { name: 'Stellenanzeigen' }).click();
  const item = page.getByRole('listitem').filter({ has: page.locator(`a[href$="/stellenanzeigen/${jobId}"]`) });
  await item.getByRole('button', { name: 'Beenden' }).click();
  await item.getByRole('alertdialog', { name: 'Stellenanzeige beenden' }).getByText('Alle noch offenen Bewerbungen erhalten dann eine freundliche Absage per E-Mail.').waitFor();
  await item.getByRole('button', { name: 'Ja, beenden' }).click();
  await page.getByText('Die Stellenanzeige ist beendet.').waitFor();
  // A second close (another tab, a retry) answers nobody twice.
  const again = await page.evaluate(async (id) => (await fetch(`/api/job_postings/${id}/close`, { method: 'POST', headers: { Accept: 'application/json' } })).status, jobId);
  assert.equal(again, 200);

  for (const address of addresses.slice(0, 2)) {
    const mail = await waitForMail(address, { subject: REJECTION });
    assert.match(mail.text, /Hallo Jana,/);
    assert.match(mail.text, /Vielen Dank für dein Interesse/);
  }
  // Every mail the worker was going to send is out (nothing waits on the queue), then count.
  const deadline = Date.now() + 30000;
  for (;;) {
    const [[pending]] = await sql("SELECT count(*) FROM queue_jobs WHERE idempotency_key LIKE 'application_closed:%' AND status <> 'done'");
    if (pending === '0' || Date.now() > deadline) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  for (const address of addresses.slice(0, 2)) assert.equal((await mailsTo(address, { subject: REJECTION })).length, 1, address);
  assert.equal((await mailsTo(addresses[2], { subject: REJECTION })).length, 0);
  const [[statuses]] = await sql("SELECT string_agg(status::text, ',') FROM applications WHERE job_posting_id = :p1", jobId);
  assert.equal(statuses, 'declined,declined,declined');
  assert.deepEqual(pageErrors(), []);
});
