// End to end: working time of minors (issue 42 item 6, docs/fair-play.md "Working time across
// employers") against the real server. A candidate without a birth date picks a 19:00–23:00
// promotion shift: the form asks for the birth date first; she gives one that makes her 16, and
// the server refuses the shift with the German message naming § 14 JArbSchG (work only until
// 20:00), shown at the form; nothing is stored. The job and shift are seeded with this file's own
// stamp, so parallel test files never meet.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { artifactsDir, browsersForTheFile, url } from './browser.mjs';
import { fillDataForApplying, registerConfirmedCandidate } from './candidate.mjs';
import { sql } from './db.mjs';

const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
const candidateEmail = `jugend-${stamp}@example.org`;

let browser;
browsersForTheFile(1, (opened) => {
  browser = opened;
});

async function seed() {
  const [[org]] = await sql(
    `INSERT INTO organizations (slug, name, contact_email) VALUES ('jugend-' || :'p1', 'Promo Abend ' || :'p1', 'jobs-' || :'p1' || '@jugend.example') RETURNING id`,
    stamp,
  );
  const [[jobId, slug]] = await sql(
    `INSERT INTO job_postings (slug, organization_id, title, is_published, active, published_at, base_salary, salary_unit)
     VALUES ('abendpromo-' || :'p1', :'p2', 'Abendpromotion (m/w/d) ' || :'p1', true, true, now() - interval '1 day', 16, 'hour') RETURNING id, slug`,
    stamp,
    org,
  );
  // A Wednesday at least ten days ahead, 19:00–23:00.
  const [[shiftId, date]] = await sql(
    `WITH d AS (SELECT (now() AT TIME ZONE 'Europe/Berlin')::date + 10 AS d)
     INSERT INTO shifts (job_posting_id, shift_date, start_time, end_time, staff_needed)
     SELECT :'p1', d + ((3 - extract(isodow FROM d)::int + 7) % 7), '19:00', '23:00', 2 FROM d
     RETURNING id, to_char(shift_date, 'DD.MM.YYYY')`,
    jobId,
  );
  const [[sixteen]] = await sql(`SELECT to_char(current_date - interval '16 years 2 months', 'YYYY-MM-DD')`);
  return { slug, shiftId, date, sixteen };
}

test('a 16-year-old cannot choose a 19:00–23:00 promotion shift and reads why, in German', async () => {
  const data = await seed();
  const dir = await artifactsDir();
  const page = browser.page;
  await registerConfirmedCandidate(page, candidateEmail);
  await fillDataForApplying(page, { birthDate: null });

  await page.goto(url(`/jobs-bewerbung/${data.slug}`));
  const choice = page.getByRole('group', { name: 'Für welche Einsätze bewirbst du dich? (optional)' });
  await choice.getByRole('checkbox', { name: new RegExp(data.date) }).check();
  await page.getByRole('button', { name: 'Bewerbung absenden' }).click();

  // No birth date on the profile: it is asked for.
  await page.getByRole('alert').getByText('Bitte gib dein Geburtsdatum an', { exact: false }).waitFor();
  await page.getByLabel('Dein Geburtsdatum').fill(data.sixteen);
  await page.getByRole('button', { name: 'Bewerbung absenden' }).click();

  // Sixteen: the evening shift is refused with the rule named.
  const refusal = page.getByRole('alert');
  await refusal.getByText('Du bist unter 18', { exact: false }).waitFor();
  const text = await refusal.textContent();
  assert.match(text, /nur zwischen 6 und 20 Uhr arbeiten \(§ 14 JArbSchG\)/);
  assert.match(text, new RegExp(`Der Einsatz am ${data.date.replaceAll('.', '\\.')} liegt außerhalb dieser Zeit`));
  await page.screenshot({ path: `${dir}/working-time-minor-refused.png`, fullPage: true });
  assert.equal(await page.getByRole('dialog', { name: 'Danke für deine Bewerbung!' }).count(), 0);
  const [[stored]] = await sql(
    `SELECT count(*) FROM applications x JOIN accounts a ON a.id = x.candidate_account_id WHERE a.email = :'p1'`,
    candidateEmail,
  );
  assert.equal(stored, '0', 'a refused choice stores no application');
});
