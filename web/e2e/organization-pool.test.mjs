// End to end (issue 42 item 4, issue 43 item 7; docs/shifts.md "The pool of regulars"), against the
// real server, the mail worker and the SMTP sink: a candidate's declined application is 160 days
// old (anonymized in 20 days); the provider opens it in the portal, sees "Wird am … anonymisiert" and
// clicks "In den Talentpool einladen"; the candidate gets the mail, opens its link signed in,
// reads the consent and clicks "Zustimmen"; the provider's pool page shows her as a member, and the
// applicant's page no longer announces the anonymization. Then she revokes from her settings
// ("Pools von Jobanbietern" on /meine-einstellungen) and the pool no longer lists her as a member.
// Every name is stamped: other files run at once.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { giveConsent, openBrowser, url } from './browser.mjs';
import { fillDataForApplying, registerConfirmedCandidate } from './candidate.mjs';
import { sql } from './db.mjs';
import { linksIn, waitForMail } from './mail.mjs';
import { approvedOrganizationMember, signInToPortal } from './provider.mjs';

const PASSWORD = 'Leuchtturm#2026';
const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
const email = `pool-${stamp}@example.org`;
const candidateEmail = `pool-kandidatin-${stamp}@example.org`;
const company = `Pool Agentur ${stamp}`;
const title = `Promoter (m/w/d) ${stamp}`;

let provider;
let candidate;

before(async () => {
  provider = await openBrowser();
  await giveConsent(provider.context);
  candidate = await openBrowser();
});

after(async () => {
  await provider?.close();
  await candidate?.close();
});

test('the provider invites into the talent pool, the candidate accepts from the mail, the pool shows her', async () => {
  const organizationId = await approvedOrganizationMember({ email, password: PASSWORD, company });
  const [[jobId]] = await sql(
    "INSERT INTO job_postings (slug, organization_id, title, description, is_published, active, published_at, base_salary, salary_unit, salary_currency) " +
      "VALUES (:'p1', :p2, :'p3', 'Sie stellen unsere Produkte im Markt vor.', true, true, now(), 15, 'hour', 'EUR') RETURNING id",
    `pool-promoter-${stamp}`, organizationId, title,
  );
  await registerConfirmedCandidate(candidate.page, candidateEmail);
  await fillDataForApplying(candidate.page);
  await sql("UPDATE candidate_profiles SET first_name = 'Greta' WHERE account_id = (SELECT id FROM accounts WHERE email = :'p1')", candidateEmail);
  const status = await candidate.page.evaluate(async (id) => (await fetch(`/api/job_postings/${id}/apply`, {
    method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, body: '{"notes":"Gern!"}',
  })).status, jobId);
  assert.equal(status, 201);
  const [[applicationId]] = await sql(
    "SELECT x.id FROM applications x JOIN accounts a ON a.id = x.candidate_account_id WHERE x.job_posting_id = :p1 AND a.email = :'p2'",
    jobId, candidateEmail,
  );
  // Declined 160 days ago: with the default 180 days, anonymized in 20.
  await sql("UPDATE applications SET status = 'declined' WHERE id = :p1", applicationId);
  await sql("UPDATE applications SET ended_at = now() - interval '160 days' WHERE id = :p1", applicationId);

  // The provider invites with one click on the applicant's page.
  const { page, pageErrors } = provider;
  await signInToPortal(page, email, PASSWORD);
  await page.goto(url(`/recruiting/portal/bewerbungen/${applicationId}`));
  await page.getByRole('heading', { name: /Greta/ }).waitFor();
  await page.getByText(/Wird am .* anonymisiert/).waitFor();
  await page.getByRole('button', { name: 'In den Talentpool einladen (12 Monate)' }).click();
  await page.getByText(/^Einladung verschickt/).waitFor();

  // The candidate's mail, its link, signed in: the consent text and "Zustimmen".
  const mail = await waitForMail(candidateEmail, { subject: `Einladung in den Pool von ${company}` });
  const [link] = linksIn(mail, '/pool-einladung/');
  assert.ok(link, mail.text);
  const you = candidate.page;
  await you.goto(url(new URL(link).pathname));
  await you.getByText(/Ich willige ein, dass/).waitFor();
  await you.getByRole('button', { name: 'Zustimmen' }).click();
  await you.getByText(new RegExp(`^Du bist im Pool von ${company}`)).waitFor();
  await you.getByRole('button', { name: 'Einwilligung widerrufen' }).waitFor();

  // The provider's pool shows her as a member; the applicant's page announces nothing any more.
  await page.goto(url('/recruiting/portal/pool'));
  const member = page.getByRole('list', { name: 'Pool' }).getByRole('listitem').filter({ hasText: 'Greta' });
  await member.getByText(/Talentpool · im Pool bis/).waitFor();
  await page.goto(url(`/recruiting/portal/bewerbungen/${applicationId}`));
  await page.getByRole('heading', { name: /Greta/ }).waitFor();
  assert.equal(await page.getByText(/Wird am .* anonymisiert/).count(), 0);

  // She revokes from her own list of pools in her settings, without the mail.
  await you.goto(url('/meine-einstellungen'));
  const mine = you.getByRole('list', { name: 'Meine Pools' }).getByRole('listitem').filter({ hasText: company });
  await mine.getByText(/Talentpool\) – im Pool seit \d\d\.\d\d\.\d{4}, bis \d\d\.\d\d\.\d{4}/).waitFor();
  await mine.getByRole('button', { name: `Einwilligung für ${company} widerrufen` }).click();
  await mine.getByText(/Einwilligung widerrufen am/).waitFor();
  assert.equal(await mine.getByRole('button', { name: /widerrufen/ }).count(), 0);

  // The provider's pool: no longer a member, the revocation shown.
  await page.goto(url('/recruiting/portal/pool'));
  const former = page.getByRole('list', { name: 'Pool' }).getByRole('listitem').filter({ hasText: 'Greta' });
  await former.getByText(/hat die Einwilligung widerrufen/).waitFor();
  assert.equal(await former.getByText(/im Pool bis/).count(), 0);
  assert.deepEqual(pageErrors(), []);
});
