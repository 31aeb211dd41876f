// End to end: the provider's pipeline tools (docs/providers.md, "Pipeline tools") against the real
// server, its mails from the SMTP sink and the administrator's CLI. An approved organization has a
// published job with two applicants (candidates registered and confirmed through the mails, who
// apply from their own sessions); the member rates the first applicant, adds a private note, moves
// on to the next applicant with "Nächste(r)", chooses both in the list and invites them with one
// message (each candidate gets the mail), and downloads the job's applicants as CSV for Excel.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { artifactsDir, giveConsent, openBrowser, sidewaysOverflow, url } from './browser.mjs';
import { fillDataForApplying, registerConfirmedCandidate } from './candidate.mjs';
import { mailsTo } from './mail.mjs';
import { approvedOrganizationMember } from './provider.mjs';

const PASSWORD = 'Leuchtturm#2026';
const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
const email = `pipeline-${stamp}@example.org`;
const company = `Pipeline Events ${stamp}`;
const title = `Messe-Promoter (m/w/d) ${stamp}`;

let provider;
const candidates = [];

before(async () => {
  provider = await openBrowser();
  await giveConsent(provider.context);
});

after(async () => {
  await provider?.close();
  for (const c of candidates) await c.close();
});

/** A confirmed candidate with the data applying needs, named `firstName lastName`, who applies to `jobId`. */
async function applicantFor(jobId, firstName, lastName, address) {
  const browser = await openBrowser();
  candidates.push(browser);
  await giveConsent(browser.context);
  const { page } = browser;
  await registerConfirmedCandidate(page, address);
  await fillDataForApplying(page);
  const status = await page.evaluate(
    async ([job, first, last]) => {
      const me = await (await fetch('/api/candidate_accounts/me')).json();
      const named = await fetch(`/api/candidate_profiles/${me.candidateProfile.id}`, {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/merge-patch+json', Accept: 'application/json' },
        body: JSON.stringify({ firstName: first, lastName: last }),
      });
      if (!named.ok) return named.status;
      const applied = await fetch(`/api/job_postings/${job}/apply`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ notes: 'Ich freue mich auf die Messe.' }),
      });
      return applied.status;
    },
    [jobId, firstName, lastName],
  );
  assert.equal(status, 201);
}

/** The first mail to `to` whose text has `text`, within 20 s. */
async function mailWith(to, text) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const found = (await mailsTo(to, { subject: 'Neuigkeiten zu deiner Bewerbung' })).find((m) => m.text.includes(text));
    if (found) return found;
    assert.ok(Date.now() < deadline, `no mail to ${to} with "${text}" within 20 s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

test('a provider rates and notes an applicant, moves to the next, invites both at once and downloads the CSV', async () => {
  const organizationId = await approvedOrganizationMember({ email, password: PASSWORD, company });
  const { page, pageErrors } = provider;
  const dir = await artifactsDir();

  await page.goto(url('/recruiting/portal/anmelden'));
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Passwort').fill(PASSWORD);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await page.getByRole('heading', { level: 1, name: 'Übersicht' }).waitFor();
  // The job, published through the API the editor uses.
  const jobId = await page.evaluate(async (wanted) => {
    const activities = await (await fetch('/api/reference_lists/activities')).json();
    const response = await fetch('/api/job_postings?publish=1', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({
        title: wanted,
        description: 'Sie begrüßen Gäste an unserem Messestand.',
        activities: [activities['hydra:member'][0].code],
        locations: [{ city: 'Bremen' }],
        baseSalary: 15,
        salaryUnit: 'hour',
      }),
    });
    const job = await response.json();
    return response.status === 201 ? job.id : `${response.status} ${JSON.stringify(job)}`;
  }, title);
  assert.equal(typeof jobId, 'number', String(jobId));

  // Two applicants: Lina first, then Mara (the list shows the newest first).
  const lina = `lina-${stamp}@example.org`;
  const mara = `mara-${stamp}@example.org`;
  await applicantFor(jobId, 'Lina', 'Ostmann', lina);
  await applicantFor(jobId, 'Mara', 'Westphal', mara);

  // The list of this job: Mara above Lina.
  await page.goto(url(`/recruiting/portal/bewerbungen?stelle=${jobId}`));
  const list = page.getByRole('list', { name: 'Bewerbungen' });
  await list.getByRole('link', { name: 'Mara Westphal' }).waitFor();
  const names = await list.getByRole('listitem').getByRole('link').allInnerTexts();
  assert.deepEqual(names, ['Mara Westphal', 'Lina Ostmann']);

  // Mara: rated 4 of 5, and a private note.
  await list.getByRole('link', { name: 'Mara Westphal' }).click();
  await page.getByRole('heading', { name: /Mara Westphal/ }).waitFor();
  const own = page.getByRole('region', { name: 'Intern' });
  await own.getByRole('button', { name: '4 Sterne' }).click();
  await own.getByText(`4 von 5 Sternen, zuletzt vergeben von ${email}`, { exact: false }).waitFor();
  const note = `Spricht fließend Englisch, ideal für den Messestand (${stamp}).`;
  await own.getByLabel('Neue Notiz').fill(note);
  await own.getByRole('button', { name: 'Notiz speichern' }).click();
  await own.getByRole('list', { name: 'Notizen' }).getByText(note).waitFor();
  await page.screenshot({ path: `${dir}/applicant-pipeline.png`, fullPage: true });

  // "Nächste(r)" follows the list of this job: Lina; there "Vorherige(r)" leads back to Mara.
  await page.getByRole('link', { name: 'Nächste(r): Lina Ostmann »' }).click();
  await page.getByRole('heading', { name: /Lina Ostmann/ }).waitFor();
  assert.match(page.url(), new RegExp(`stelle=${jobId}`));
  await page.getByRole('link', { name: '« Vorherige(r): Mara Westphal' }).waitFor();
  assert.equal(await page.getByRole('region', { name: 'Intern' }).getByText(note).count(), 0, 'a note shows on another applicant');

  // Back in the list: Mara's rating; both chosen and invited with one message.
  await page.goto(url(`/recruiting/portal/bewerbungen?stelle=${jobId}`));
  await list.getByRole('img', { name: 'Ihre Bewertung: 4 von 5 Sternen' }).waitFor();
  await page.getByLabel('Alle auswählen').check();
  const bulk = page.getByRole('form', { name: 'Status für die Auswahl ändern' });
  await bulk.getByRole('heading', { name: '2 Bewerbungen ausgewählt' }).waitFor();
  await bulk.getByLabel('Neuer Status').selectOption('invited');
  const message = `Bitte kommen Sie am Freitag um 9 Uhr an Halle 4 (${stamp}).`;
  await bulk.getByLabel(/Nachricht an alle/).fill(message);
  await bulk.getByRole('button', { name: 'Status für alle speichern' }).click();
  await page.getByText('2 Bewerbungen haben jetzt den Status „Eingeladen“.', { exact: false }).waitFor();
  await list.getByRole('listitem').filter({ hasText: 'Lina Ostmann' }).getByText('Eingeladen', { exact: true }).waitFor();
  await list.getByRole('listitem').filter({ hasText: 'Mara Westphal' }).getByText('Eingeladen', { exact: true }).waitFor();
  for (const to of [lina, mara]) {
    const mail = await mailWith(to, message);
    assert.match(mail.text, /zu einem Gespräch ein/);
    assert.ok(!mail.text.includes(note), 'the private note went out in a mail');
  }

  // The CSV: the browser's download from the link, for Excel (BOM, `;`), without the note.
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Bewerbungen dieser Stellenanzeige als CSV herunterladen' }).click();
  const file = await download;
  assert.match(file.suggestedFilename(), /^bewerbungen-.*\.csv$/);
  const chunks = [];
  for await (const chunk of await file.createReadStream()) chunks.push(chunk);
  const csv = Buffer.concat(chunks);
  assert.deepEqual([...csv.subarray(0, 3)], [0xef, 0xbb, 0xbf]);
  const rows = csv.subarray(3).toString('utf8').trimEnd().split('\r\n');
  assert.equal(rows[0], 'Vorname;Nachname;E-Mail;Telefon;Adresse;Status;Beworben am;Einsatzorte;Gewählte Einsätze;Bestätigte Einsätze;Lohn;Stellenanzeige');
  assert.equal(rows.length, 3, rows.join('\n'));
  assert.match(rows[1], new RegExp(`^Mara;Westphal;${mara.replace(/[.]/g, '\\.')};0151 1234567;Hafenstraße 1, 20457 Hamburg;Eingeladen;`));
  assert.match(rows[2], /^Lina;Ostmann;/);
  assert.ok(!csv.toString('utf8').includes(note), 'the private note is in the CSV');
  // The list fits a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  assert.equal(await sidewaysOverflow(page), 0);
  assert.deepEqual(pageErrors(), []);
  assert.ok(organizationId);
});
