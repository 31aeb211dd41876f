// End to end: the portal's calendar of shifts and a candidate calling a shift off (issue 30,
// docs/shifts.md "The portal's calendar" and "Withdrawing a choice"), against the real server and
// the SMTP sink. An approved provider adds a shift for two people to its own job; a candidate
// chooses it and the provider confirms her; the week view (reached with "Nächste Woche") shows
// the shift as "1 von 2 besetzt", the month view too, and its link leads to the job's shift
// management. Then the candidate calls the shift off on /meine-einsaetze, the provider gets the
// mail, and the week shows "0 von 2 besetzt". Every name is stamped: other files run at once.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { artifactsDir, browsersForTheFile, url } from './browser.mjs';
import { fillDataForApplying, registerConfirmedCandidate } from './candidate.mjs';
import { sql } from './db.mjs';
import { waitForMail } from './mail.mjs';
import { approvedOrganizationMember } from './provider.mjs';
import { dayName } from './dates.mjs';

const PASSWORD = 'Leuchtturm#2026';
const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
const email = `kalender-${stamp}@example.org`;
const company = `Kalender Events ${stamp}`;
const title = `Standbetreuung (m/w/d) ${stamp}`;
const candidateEmail = `kalender-kandidatin-${stamp}@example.org`;

let provider;
let candidate;
browsersForTheFile(2, (...opened) => {
  [provider, candidate] = opened;
});

test('a provider sees a confirmed shift as "1 von 2 besetzt" in the week view, and "0 von 2" after the candidate calls it off', async () => {
  const organizationId = await approvedOrganizationMember({ email, password: PASSWORD, company });
  const dir = await artifactsDir();
  // The job is set up directly (the portal's job editor has its own tests); the shift goes through the portal.
  const [[jobId]] = await sql(
    "INSERT INTO job_postings (slug, organization_id, title, is_published, active, published_at) " +
      "VALUES ('kalender-' || :'p1', :'p2'::bigint, :'p3', true, true, now()) RETURNING id",
    stamp,
    organizationId,
    title,
  );
  const [[date, weekBefore]] = await sql(
    "SELECT to_char(d, 'YYYY-MM-DD'), to_char(d - 7, 'YYYY-MM-DD') FROM (SELECT (now() AT TIME ZONE 'Europe/Berlin')::date + 9 AS d) x",
  );

  const portal = provider.page;
  await portal.goto(url('/recruiting/portal/anmelden'));
  await portal.getByLabel('E-Mail-Adresse').fill(email);
  await portal.getByLabel('Passwort').fill(PASSWORD);
  await portal.getByRole('button', { name: 'Anmelden' }).click();
  await portal.getByRole('heading', { level: 1, name: 'Übersicht' }).waitFor();
  await portal.goto(url(`/recruiting/portal/stellenanzeigen/${jobId}/einsaetze`));
  const form = portal.getByRole('form', { name: 'Einsatz hinzufügen' });
  await form.getByLabel('Datum', { exact: true }).fill(date);
  await form.getByLabel('Beginn', { exact: true }).fill('10:00');
  await form.getByLabel('Ende (vor dem Beginn: am Folgetag)').fill('18:00');
  await form.getByLabel('Benötigte Personen').fill('2');
  await form.getByRole('button', { name: 'Einsatz hinzufügen' }).click();
  await portal.getByText('0 von 2 bestätigt').waitFor();
  const [[shiftId]] = await sql('SELECT id FROM shifts WHERE job_posting_id = :\'p1\'::bigint', jobId);

  // The candidate chooses the shift with her application; the provider confirms her.
  const apply = candidate.page;
  await registerConfirmedCandidate(apply, candidateEmail);
  await fillDataForApplying(apply);
  const applied = await apply.evaluate(
    async ([job, shift]) =>
      (await fetch(`/api/job_postings/${job}/apply`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ shifts: [Number(shift)] }),
      })).status,
    [jobId, shiftId],
  );
  assert.equal(applied, 201);
  await portal.reload();
  const applicant = portal.getByRole('list', { name: 'Bewerbungen für diesen Einsatz' }).getByRole('listitem').filter({ hasText: 'Jana Muster' });
  await applicant.getByRole('button', { name: 'Bestätigen' }).click();
  await applicant.getByText('– bestätigt').waitFor();

  // The calendar: the week before, then "Nächste Woche" shows the shift's day with its fill.
  await portal.getByRole('navigation', { name: 'Portal' }).getByRole('link', { name: 'Einsätze', exact: true }).click();
  await portal.getByRole('heading', { level: 1, name: 'Einsätze' }).waitFor();
  await portal.goto(url(`/recruiting/portal/einsaetze?ansicht=woche&datum=${weekBefore}`));
  await portal.getByRole('button', { name: 'Nächste Woche' }).click();
  const day = portal.getByRole('listitem', { name: dayName(date) });
  const entry = day.getByRole('listitem').filter({ has: portal.getByRole('link', { name: title }) });
  await entry.getByText('1 von 2 besetzt').waitFor();
  await portal.screenshot({ path: `${dir}/shift-calendar-week.png`, fullPage: true });
  await portal.getByRole('button', { name: 'Monat' }).click();
  await portal.getByRole('listitem', { name: dayName(date) }).getByText('1 von 2 besetzt').waitFor();
  await portal.getByRole('button', { name: 'Woche' }).click();
  await entry.getByRole('link', { name: title }).click();
  await portal.waitForURL(new RegExp(`/recruiting/portal/stellenanzeigen/${jobId}/einsaetze$`));

  // The candidate calls it off: asked first; the provider is told by mail; the place is free again.
  await apply.goto(url('/meine-einsaetze'));
  const confirmed = apply.getByRole('region', { name: 'Bestätigt' });
  await confirmed.getByRole('button', { name: /^Absagen: / }).click();
  const dialog = apply.getByRole('dialog', { name: 'Einsatz absagen?' });
  await dialog.getByRole('button', { name: 'Ja, absagen' }).click();
  await apply.getByText(/^Du hast den Einsatz am .* abgesagt\.$/).waitFor();
  assert.equal(await apply.getByRole('region', { name: 'Bestätigt' }).count(), 0);
  const mail = await waitForMail(email, { subject: `Absage für einen Einsatz: ${title}` });
  assert.ok(mail.text.includes('Jana Muster') && mail.text.includes('0 von 2'), mail.text);
  await portal.goto(url(`/recruiting/portal/einsaetze?ansicht=woche&datum=${date}`));
  await portal.getByRole('listitem', { name: dayName(date) }).getByText('0 von 2 besetzt').waitFor();
  assert.deepEqual(provider.pageErrors(), []);
  assert.deepEqual(candidate.pageErrors(), []);
});
