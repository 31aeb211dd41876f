// End to end (issue 44, item 4, "Where applications come from"): a visitor arrives at a job from an
// Indeed link (?utm_source=indeed), clicks "Jetzt bewerben", registers and applies in one step,
// confirms the address with the link of the mail in the SMTP sink; the provider then sees
// "Quelle: Indeed" at the applicant in the portal's list and on the applicant's page, and the
// count in "Bewerbungen nach Quelle". The source travelled only in the URL: no cookie and no
// local or session storage of the visitor holds it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { artifactsDir, browsersForTheFile, url } from './browser.mjs';
import { CANDIDATE_PASSWORD, openApplicationForm } from './candidate.mjs';
import { sql } from './db.mjs';
import { waitForMail } from './mail.mjs';
import { approvedOrganizationMember, signInToPortal } from './provider.mjs';

const PASSWORD = 'Leuchtturm#2026';
const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
const providerEmail = `quelle-${stamp}@example.org`;
const company = `Quelle Events ${stamp}`;
const candidateEmail = `quelle-neu-${stamp}@example.org`;

let visitor;
let provider;
browsersForTheFile(2, (first, second) => {
  visitor = first;
  provider = second;
});

test('a visitor from Indeed registers and applies, and the provider sees "Quelle: Indeed"', async () => {
  const organizationId = await approvedOrganizationMember({ email: providerEmail, password: PASSWORD, company });
  const [[jobId, slug]] = await sql(
    `INSERT INTO job_postings (slug, organization_id, title, is_published, active, published_at)
     VALUES ('quelle-' || :'p1', :'p2', 'Promoter (m/w/d) Quelle ' || :'p1', true, true, now() - interval '1 day') RETURNING id, slug`,
    stamp,
    organizationId,
  );
  const dir = await artifactsDir();

  // The visitor follows the Indeed link to the job and applies from there.
  const page = visitor.page;
  await page.goto(url(`/jobs/${slug}?utm_source=indeed`));
  await openApplicationForm(page);
  await page.waitForURL(/\/jobs-bewerbung\/.*utm_source=indeed/);
  await page.getByRole('button', { name: 'Bewerben' }).click();
  const dialog = page.getByRole('dialog', { name: 'Anmelden oder registrieren' });
  await dialog.getByLabel('E-Mail-Adresse').fill(candidateEmail);
  await dialog.getByRole('button', { name: 'Weiter' }).click();
  const form = page.getByRole('dialog', { name: 'Kostenlos registrieren' });
  await form.getByLabel('Vorname').fill('Ina');
  await form.getByLabel('Nachname').fill('Quelle');
  await form.getByLabel('Passwort (mindestens 8 Zeichen)').fill(CANDIDATE_PASSWORD);
  await form.getByLabel('Passwort wiederholen').fill(CANDIDATE_PASSWORD);
  await form.getByLabel('Sprachniveau').selectOption('native');
  await form.getByRole('button', { name: 'Registrieren' }).click();
  await page.getByRole('heading', { name: 'Deine Bewerbung ist gespeichert' }).waitFor();

  // Nothing of the source was kept on the visitor's device.
  const cookies = await visitor.context.cookies();
  assert.deepEqual(cookies.filter((c) => /indeed/i.test(decodeURIComponent(c.value))), []);
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }));
  assert.doesNotMatch(stored, /indeed/i);

  // The link in the mail confirms the address and forwards the application.
  const mail = await waitForMail(candidateEmail, { subject: 'Bitte bestätige deine E-Mail-Adresse' });
  const link = /\/email-bestaetigen\/[\w-]+/.exec(mail.text)?.[0];
  assert.ok(link, 'no confirmation link in the verification mail');
  await page.goto(url(link));
  await page.getByRole('status').getByText('ist jetzt bestätigt', { exact: false }).waitFor();

  // The provider: "Quelle: Indeed" at the applicant, and the count per source of this job.
  const portal = provider.page;
  await signInToPortal(portal, providerEmail, PASSWORD);
  await portal.goto(url(`/recruiting/portal/bewerbungen?stelle=${jobId}`));
  const list = portal.getByRole('list', { name: 'Bewerbungen' });
  const applicant = list.getByRole('listitem').filter({ has: portal.getByRole('link', { name: 'Ina Quelle' }) });
  await applicant.getByText('Quelle: Indeed', { exact: false }).waitFor();
  const table = portal.getByRole('table', { name: 'Bewerbungen auf diese Stellenanzeige nach Quelle' });
  await table.getByRole('row', { name: 'Indeed 1' }).waitFor();
  await portal.screenshot({ path: `${dir}/application-source-list.png`, fullPage: true });
  await applicant.getByRole('link', { name: 'Ina Quelle' }).click();
  await portal.getByText('Quelle: Indeed').waitFor();
  await portal.screenshot({ path: `${dir}/application-source-applicant.png`, fullPage: true });
  assert.deepEqual(visitor.pageErrors(), []);
  assert.deepEqual(provider.pageErrors(), []);
});
