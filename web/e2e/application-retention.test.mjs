// End to end (issue 42 item 4, the retention autopilot; docs/fair-play.md "Applications are kept no
// longer than needed"), against the real server: two candidates apply to an approved
// organization's job and are declined; the clock of one is moved 181 days past her rejection, of the
// other 170 days, and the worker's pass runs (as the mail worker runs it every hour). The provider's
// list shows the first as "anonymisiert" without her name, and her application no longer opens;
// the second is announced as "Wird am … anonymisiert" in the list and on the applicant's page. The
// first candidate still sees her application, as "Abgelaufen".
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { giveConsent, openBrowser, url } from './browser.mjs';
import { registerConfirmedCandidate, fillDataForApplying } from './candidate.mjs';
import { sql } from './db.mjs';
import { approvedOrganizationMember, signInToPortal } from './provider.mjs';

const PASSWORD = 'Leuchtturm#2026';
const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
const email = `retention-${stamp}@example.org`;
const company = `Aufbewahrung ${stamp}`;
const title = `Messehostess (m/w/d) ${stamp}`;
const berlinDate = new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeZone: 'Europe/Berlin' });

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

async function applicant(address, firstName, jobId) {
  const candidate = await openBrowser();
  candidates.push(candidate);
  await registerConfirmedCandidate(candidate.page, address);
  await fillDataForApplying(candidate.page);
  await sql("UPDATE candidate_profiles SET first_name = :'p1' WHERE account_id = (SELECT id FROM accounts WHERE email = :'p2')", firstName, address);
  const status = await candidate.page.evaluate(async (id) => (await fetch(`/api/job_postings/${id}/apply`, {
    method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, body: '{"notes":"Ich freue mich!"}',
  })).status, jobId);
  assert.equal(status, 201);
  const [[id]] = await sql(
    "SELECT x.id FROM applications x JOIN accounts a ON a.id = x.candidate_account_id WHERE x.job_posting_id = :p1 AND a.email = :'p2'",
    jobId, address,
  );
  return { ...candidate, id };
}

test('past the retention period the provider sees "anonymisiert", 30 days before the day it happens', async () => {
  const organizationId = await approvedOrganizationMember({ email, password: PASSWORD, company });
  const [[jobId]] = await sql(
    // Published like a real ad, with its text: other tests read the newest jobs' descriptions.
    "INSERT INTO job_postings (slug, organization_id, title, description, is_published, active, published_at) " +
      "VALUES (:'p1', :p2, :'p3', 'Sie begrüßen Gäste an unserem Messestand.', true, true, now()) RETURNING id",
    `hostess-${stamp}`, organizationId, title,
  );
  const old = await applicant(`retention-alt-${stamp}@example.org`, 'Wiebke', jobId);
  const soon = await applicant(`retention-bald-${stamp}@example.org`, 'Frauke', jobId);
  // Declined (the clock starts), then moved back: 181 days for one, 170 for the other.
  await sql("UPDATE applications SET status = 'declined' WHERE job_posting_id = :p1", jobId);
  await sql("UPDATE applications SET ended_at = now() - interval '181 days' WHERE id = :p1", old.id);
  await sql("UPDATE applications SET ended_at = now() - interval '170 days' WHERE id = :p1", soon.id);
  const [[announced]] = await sql("SELECT to_json(ended_at + interval '180 days') #>> '{}' FROM applications WHERE id = :p1", soon.id);
  const [[anonymized]] = await sql('SELECT jh_anonymize_ended_applications(500)');
  assert.ok(Number(anonymized) >= 1);

  const { page, pageErrors } = provider;
  await signInToPortal(page, email, PASSWORD);
  await page.goto(url(`/recruiting/portal/bewerbungen?stelle=${jobId}`));
  const list = page.getByRole('list', { name: 'Bewerbungen' });
  await list.waitFor();
  const gone = list.getByRole('listitem').filter({ hasText: 'nach Ablauf der Aufbewahrungsfrist anonymisiert' });
  await gone.getByRole('heading', { name: /anonymisiert/ }).waitFor();
  assert.equal(await gone.getByRole('link').count(), 0);   // nothing to open
  assert.equal(await list.getByText('Wiebke').count(), 0);
  const kept = list.getByRole('listitem').filter({ hasText: 'Frauke' });
  await kept.getByText(`Wird am ${berlinDate.format(new Date(announced))} anonymisiert`).waitFor();

  // Her application does not open any more, not even by its address.
  await page.goto(url(`/recruiting/portal/bewerbungen/${old.id}`));
  await page.getByRole('alert').waitFor();
  assert.equal(await page.getByText('Wiebke').count(), 0);
  // The other announces the day on its page too.
  await page.goto(url(`/recruiting/portal/bewerbungen/${soon.id}`));
  await page.getByRole('heading', { name: /Frauke/ }).waitFor();
  await page.getByText(new RegExp(`Wird am ${berlinDate.format(new Date(announced))} anonymisiert`)).waitFor();
  assert.deepEqual(pageErrors().filter((e) => !/404/.test(String(e))), []);

  // The candidate still sees her application, as expired.
  await old.page.goto(url('/meine-bewerbungen'));
  const mine = old.page.getByRole('list', { name: 'Deine Bewerbungen' }).getByRole('listitem').filter({ hasText: title });
  await mine.getByText('Abgelaufen').waitFor();
  await mine.getByText('nach Ablauf seiner Aufbewahrungsfrist gelöscht').waitFor();
});
