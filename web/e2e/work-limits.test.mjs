// End to end: the candidate's work limits (Arbeitszeitgrenzen, issue 30 part 5, docs/shifts.md
// "Work limits") against the real server. A candidate states "Minijob" in the account, applies for
// two shifts of 8 hours at 30 € that the organization confirms (480 € next month), sees that
// standing on /meine-arbeitszeitgrenzen, and when applying for one more shift of another job
// (8 hours at 20 €: 640 € > 603 €) is asked "Trotzdem bewerben?" first — and can still apply.
// The jobs and shifts are seeded with this file's own stamp, so parallel test files never meet.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { artifactsDir, browsersForTheFile, url } from './browser.mjs';
import { fillDataForApplying, registerConfirmedCandidate } from './candidate.mjs';
import { sql } from './db.mjs';

const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
const candidateEmail = `grenzen-${stamp}@example.org`;

let browser;
browsersForTheFile(1, (opened) => {
  browser = opened;
});

/** Day `d` of next month (Berlin) as an SQL date expression. */
const nextMonth = (d) => `(date_trunc('month', (now() AT TIME ZONE 'Europe/Berlin')::date) + interval '1 month' + interval '${d - 1} days')::date`;

async function seed() {
  const [[org]] = await sql(
    `INSERT INTO organizations (slug, name, contact_email) VALUES ('grenzen-' || :'p1', 'Grenzen Events ' || :'p1', 'jobs-' || :'p1' || '@grenzen.example') RETURNING id`,
    stamp,
  );
  const job = async (name) => {
    const [[id, slug]] = await sql(
      `INSERT INTO job_postings (slug, organization_id, title, is_published, active, published_at, base_salary, salary_unit)
       VALUES (:'p1' || '-' || :'p2', :'p3', :'p1' || ' (m/w/d) ' || :'p2', true, true, now() - interval '1 day', 30, 'hour') RETURNING id, slug`,
      name,
      stamp,
      org,
    );
    return { id, slug };
  };
  const shift = async (jobId, day, salary) => {
    const [[id, label]] = await sql(
      `INSERT INTO shifts (job_posting_id, shift_date, start_time, end_time, staff_needed, base_salary)
       VALUES (:'p1', ${nextMonth(day)}, '10:00', '18:00', 3, NULLIF(:'p2', '')::numeric)
       RETURNING id, to_char(shift_date, 'DD.MM.YYYY')`,
      jobId,
      salary ?? '',
    );
    return { id, date: label };
  };
  const first = await job('promoter');
  const second = await job('verkostung');
  // The limit of next month's year as the law sets it (docs/shifts.md): in December next month is
  // January, whose year may have another figure.
  const [[year]] = await sql(`SELECT extract(year FROM ${nextMonth(1)})::int`);
  const limit = { 2026: '603,00 €', 2027: '633,00 €' }[year];
  assert.ok(limit, `no Minijob limit known for ${year}: add the year's figure`);
  return { first, second, limit, shifts: [await shift(first.id, 5), await shift(first.id, 6), await shift(second.id, 7, '20')] };
}

test('a Minijob candidate with 480 € of confirmed shifts is warned before a shift that would make 640 €, and can still apply', async () => {
  const data = await seed();
  const dir = await artifactsDir();
  const page = browser.page;
  await registerConfirmedCandidate(page, candidateEmail);
  await fillDataForApplying(page);

  // The account: "Minijob", saved when chosen; the standing appears with the guidance note.
  await page.goto(url('/meine-arbeitszeitgrenzen'));
  await page.getByRole('radio', { name: 'Minijob' }).click();
  await page.getByRole('list', { name: 'Dein Stand' }).getByText('Dieser Monat', { exact: false }).waitFor();
  const [[stated]] = await sql(`SELECT status FROM candidate_work_limits w JOIN accounts a ON a.id = w.account_id WHERE a.email = :'p1'`, candidateEmail);
  assert.equal(stated, 'minijob');
  await page.getByText('keine Rechtsberatung', { exact: false }).waitFor();

  // Two shifts of the first job: 480 € in all stay under the limit (603 € in 2026, 633 € in 2027),
  // so no question is asked.
  await page.goto(url(`/jobs-bewerbung/${data.first.slug}`));
  const choice = page.getByRole('group', { name: 'Für welche Einsätze bewirbst du dich? (optional)' });
  await choice.getByRole('checkbox', { name: new RegExp(data.shifts[0].date) }).check();
  await choice.getByRole('checkbox', { name: new RegExp(data.shifts[1].date) }).check();
  await page.getByRole('button', { name: 'Bewerbung absenden' }).click();
  await page.getByRole('dialog', { name: 'Danke für deine Bewerbung!' }).waitFor();

  // The organization confirms both (its portal is another test's subject).
  await sql(`UPDATE shift_applications SET status = 'confirmed', decided_at = now() WHERE shift_id IN (:'p1', :'p2')`, data.shifts[0].id, data.shifts[1].id);
  await page.goto(url('/meine-arbeitszeitgrenzen'));
  await page.getByRole('list', { name: 'Dein Stand' }).getByText(`480,00 € von ${data.limit}`, { exact: false }).waitFor();

  // One more shift (8 h × 20 €) would make 640 € that month: the question comes first.
  await page.goto(url(`/jobs-bewerbung/${data.second.slug}`));
  await page
    .getByRole('group', { name: 'Für welche Einsätze bewirbst du dich? (optional)' })
    .getByRole('checkbox', { name: new RegExp(data.shifts[2].date) })
    .check();
  await page.getByRole('button', { name: 'Bewerbung absenden' }).click();
  const warning = page.getByRole('dialog', { name: 'Arbeitszeitgrenze' });
  await warning.getByText('Damit würdest du', { exact: false }).waitFor();
  await warning.getByText('640,00 €', { exact: false }).waitFor();
  await warning.getByText('Trotzdem bewerben?').waitFor();
  await page.screenshot({ path: `${dir}/work-limits-warning.png`, fullPage: true });
  const [[before]] = await sql(`SELECT count(*) FROM shift_applications WHERE shift_id = :'p1'`, data.shifts[2].id);
  assert.equal(before, '0', 'the warning must come before the application is sent');

  // A warning, never a block.
  await warning.getByRole('button', { name: 'Trotzdem bewerben' }).click();
  await page.getByRole('dialog', { name: 'Danke für deine Bewerbung!' }).waitFor();
  const [[after]] = await sql(`SELECT count(*) FROM shift_applications WHERE shift_id = :'p1'`, data.shifts[2].id);
  assert.equal(after, '1');
});
