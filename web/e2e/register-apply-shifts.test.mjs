// End to end: a new visitor picks a shift on /jobs-bewerbung/{slug}, registers and applies in one
// step (register_and_apply_on_job with `shifts`), confirms the address with the link of the mail
// in the SMTP sink and finds the shift waiting for an answer on /meine-einsaetze (docs/shifts.md,
// applying with shifts). The job and its shifts are seeded with this file's own stamp, so parallel
// test files never meet.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { artifactsDir, browsersForTheFile, url } from './browser.mjs';
import { CANDIDATE_PASSWORD } from './candidate.mjs';
import { sql } from './db.mjs';
import { waitForMail } from './mail.mjs';

const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
const email = `einsatz-neu-${stamp}@example.org`;

let browser;
browsersForTheFile(1, (opened) => {
  browser = opened;
});

async function seed() {
  const [[org]] = await sql(
    `INSERT INTO organizations (slug, name, contact_email) VALUES ('regshift-' || :'p1', 'Regshift Events ' || :'p1', 'jobs-' || :'p1' || '@regshift.example') RETURNING id`,
    stamp,
  );
  const [[jobId, slug]] = await sql(
    `INSERT INTO job_postings (slug, organization_id, title, is_published, active, published_at)
     VALUES ('sommerfest-' || :'p1', :'p2', 'Servicekraft (m/w/d) Sommerfest ' || :'p1', true, true, now() - interval '1 day') RETURNING id, slug`,
    stamp,
    org,
  );
  const shift = async (days) => {
    const [[id, label]] = await sql(
      `INSERT INTO shifts (job_posting_id, shift_date, start_time, end_time, staff_needed)
       VALUES (:'p1', (now() AT TIME ZONE 'Europe/Berlin')::date + ${days}, '10:00', '18:00', 2)
       RETURNING id, to_char(shift_date, 'DD.MM.YYYY')`,
      jobId,
    );
    return { id, date: label };
  };
  return { jobId, slug, shifts: [await shift(12), await shift(13)] };
}

test('a new visitor picks a shift, registers and applies, confirms the address and sees the shift waiting', async () => {
  const data = await seed();
  const dir = await artifactsDir();
  const page = browser.page;

  // Not signed in: the job's shifts are offered; the visitor picks the second one.
  await page.goto(url(`/jobs-bewerbung/${data.slug}`));
  const choice = page.getByRole('group', { name: 'Für welche Einsätze bewirbst du dich? (optional)' });
  await choice.getByRole('checkbox', { name: new RegExp(data.shifts[0].date) }).waitFor();
  await choice.getByRole('checkbox', { name: new RegExp(data.shifts[1].date) }).check();
  await page.getByRole('button', { name: 'Bewerben' }).click();

  // The sign-in dialog: a new address leads to the registration, which sends the application along.
  const dialog = page.getByRole('dialog', { name: 'Anmelden oder registrieren' });
  await dialog.getByLabel('E-Mail-Adresse').fill(email);
  await dialog.getByRole('button', { name: 'Weiter' }).click();
  const form = page.getByRole('dialog', { name: 'Kostenlos registrieren' });
  await form.getByLabel('Vorname').fill('Nele');
  await form.getByLabel('Nachname').fill('Neu');
  await form.getByLabel('Passwort (mindestens 8 Zeichen)').fill(CANDIDATE_PASSWORD);
  await form.getByLabel('Passwort wiederholen').fill(CANDIDATE_PASSWORD);
  await form.getByLabel('Sprachniveau').selectOption('native');
  // With shifts the birth date is asked (the rules for minors, docs/fair-play.md).
  await form.getByLabel('Geburtsdatum').fill('1999-04-12');
  await form.getByRole('button', { name: 'Registrieren' }).click();
  await page.getByRole('heading', { name: 'Deine Bewerbung ist gespeichert' }).waitFor();
  await page.screenshot({ path: `${dir}/register-apply-shifts-held.png`, fullPage: true });

  // Stored with the account: one application holding exactly the chosen shift, pending.
  const [[held]] = await sql(
    `SELECT string_agg(sa.shift_id || ':' || sa.status, ',') FROM shift_applications sa
       JOIN applications x ON x.id = sa.application_id JOIN accounts a ON a.id = x.candidate_account_id
      WHERE a.email = :'p1' AND x.job_posting_id = :'p2'`,
    email,
    data.jobId,
  );
  assert.equal(held, `${data.shifts[1].id}:pending`);

  // The link in the mail confirms the address and signs in; the shift waits for an answer.
  const mail = await waitForMail(email, { subject: 'Bitte bestätige deine E-Mail-Adresse' });
  const link = /\/email-bestaetigen\/[\w-]+/.exec(mail.text)?.[0];
  assert.ok(link, 'no confirmation link in the verification mail');
  await page.goto(url(link));
  await page.getByRole('status').getByText('ist jetzt bestätigt', { exact: false }).waitFor();
  await page.goto(url('/meine-einsaetze'));
  const waiting = page.getByRole('region', { name: 'Wartet auf Antwort' });
  await waiting.getByText(data.shifts[1].date, { exact: false }).waitFor();
  assert.equal(await page.getByText(data.shifts[0].date, { exact: false }).count(), 0);
  await page.screenshot({ path: `${dir}/register-apply-shifts-mine.png`, fullPage: true });
  assert.deepEqual(browser.pageErrors(), []);
});
