// End to end: checking in and out by the shift's QR code (issue 43, item 2; docs/shifts.md
// "Checking in and out by QR code") against the real server. The provider opens today's shift on
// the job's shift page and shows its QR code; the candidate, confirmed for the shift, opens the
// address the code holds on a 390 px phone: checked in. The check-in is moved back in the database
// ("the clock moved"), the second scan checks out, and "Deine Zeiten" on /meine-einsaetze shows
// the recorded start and end.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { artifactsDir, browsersForTheFile, url } from './browser.mjs';
import { fillDataForApplying, registerConfirmedCandidate } from './candidate.mjs';
import { sql } from './db.mjs';
import { approvedOrganizationMember } from './provider.mjs';

const PASSWORD = 'Leuchtturm#2026';
const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
const email = `stempeln-${stamp}@example.org`;
const company = `Messebau Stempeln ${stamp}`;
const title = `Standbauhelfer (m/w/d) ${stamp}`;
const candidateEmail = `stempeln-kraft-${stamp}@example.org`;

let provider;
let candidate;
browsersForTheFile(2, (...opened) => {
  [provider, candidate] = opened;
});

test('the candidate checks in and out by the shift QR code on a phone and the record shows the times', async () => {
  const dir = await artifactsDir();
  const organizationId = await approvedOrganizationMember({ email, password: PASSWORD, company });
  const [[jobId]] = await sql(
    `INSERT INTO job_postings (slug, organization_id, title, is_published, active, published_at, base_salary, salary_unit)
     VALUES ('stempeln-' || :'p1', :'p2', :'p3', true, true, now() - interval '1 day', 15, 'hour') RETURNING id`,
    stamp,
    organizationId,
    title,
  );
  const phone = candidate.page;
  await phone.setViewportSize({ width: 390, height: 844 });
  await registerConfirmedCandidate(phone, candidateEmail);
  await fillDataForApplying(phone);

  // A shift that began two hours ago (8 hours, 30 minutes' break), confirmed for the candidate.
  const [[shiftId, plannedStart]] = await sql(
    `WITH t AS (SELECT date_trunc('minute', (now() - interval '2 hours') AT TIME ZONE 'Europe/Berlin') AS start)
     INSERT INTO shifts (job_posting_id, shift_date, start_time, end_time, staff_needed, break_minutes)
     SELECT :'p1', t.start::date, t.start::time, (t.start + interval '8 hours')::time, 2, 30 FROM t
     RETURNING id, to_char(start_time, 'HH24:MI')`,
    jobId,
  );
  await sql(
    `WITH a AS (INSERT INTO applications (job_posting_id, candidate_account_id, forwarded_at)
                SELECT :'p1', id, now() FROM accounts WHERE email = :'p2' RETURNING id)
     INSERT INTO shift_applications (shift_id, application_id, status, decided_at) SELECT :'p3', id, 'confirmed', now() FROM a`,
    jobId,
    candidateEmail,
    shiftId,
  );

  // The provider shows the shift's QR code on the job's shift page.
  const portal = provider.page;
  await portal.goto(url('/recruiting'));
  await portal.getByRole('banner').getByRole('link', { name: 'Login', exact: true }).first().click();
  await portal.getByLabel('E-Mail-Adresse').fill(email);
  await portal.getByLabel('Passwort').fill(PASSWORD);
  await portal.getByRole('button', { name: 'Anmelden' }).click();
  await portal.getByRole('heading', { level: 1, name: 'Übersicht' }).waitFor();
  await portal.goto(url(`/recruiting/portal/stellenanzeigen/${jobId}/einsaetze`));
  await portal.getByRole('button', { name: 'QR-Code zum Einchecken' }).click();
  const figure = portal.getByRole('figure', { name: 'QR-Code zum Ein- und Auschecken' });
  await figure.getByRole('img').waitFor();
  await portal.screenshot({ path: `${dir}/check-in-qr-portal.png`, fullPage: true });
  // What the code holds: the same address the portal drew.
  const code = await portal.evaluate(async (id) => (await fetch(`/api/shifts/${id}/check_in_code`)).json(), shiftId);
  const address = new URL(code.url);
  assert.equal(address.pathname, '/einchecken');

  // The phone opens it: checked in.
  await phone.goto(url(`${address.pathname}${address.search}`));
  await phone.getByRole('status').getByText(/Du bist eingecheckt – seit \d\d:\d\d Uhr/).waitFor();
  const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(overflow <= 0, `the page is ${overflow} px wider than the phone`);
  await phone.screenshot({ path: `${dir}/check-in-phone.png`, fullPage: true });

  // Checked in ten minutes before the planned start (the clock moved); the second scan checks out.
  await sql(
    `UPDATE shift_check_ins SET checked_in_at = (SELECT starts_at FROM shifts WHERE id = :'p1') - interval '10 minutes'
      WHERE shift_application_id = (SELECT id FROM shift_applications WHERE shift_id = :'p1')`,
    shiftId,
  );
  await phone.reload();
  const done = phone.getByRole('status').getByText(/Du bist ausgecheckt/);
  await done.waitFor();
  // A shift that began before midnight ends on the next day (the suite may run at any hour).
  const [[end, nextDay]] = await sql(
    `SELECT to_char(end_at AT TIME ZONE 'Europe/Berlin', 'HH24:MI'), (end_at AT TIME ZONE 'Europe/Berlin')::date > work_date
       FROM shift_time_records WHERE shift_application_id = (SELECT id FROM shift_applications WHERE shift_id = :'p1')`,
    shiftId,
  );
  assert.match(await done.textContent(), new RegExp(`${plannedStart}–${end} Uhr, 30 Minuten Pause`));

  // "Deine Zeiten" on /meine-einsaetze holds the record.
  await phone.getByRole('link', { name: 'Zu deinen Einsätzen und Zeiten' }).click();
  const times = phone.getByRole('region', { name: 'Deine Zeiten' });
  await times.getByText(`${plannedStart}–${end} Uhr${nextDay === 't' ? ' (Folgetag)' : ''}, 30 Min. Pause`, { exact: false }).waitFor();
  await phone.screenshot({ path: `${dir}/check-out-phone.png`, fullPage: true });
});
