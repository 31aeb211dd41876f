// End to end (issue 41, items 4 and 17): what a provider sees of shifts where it decides. The
// provider adds two shifts in the portal, one with its own pay, and changes that pay in the
// shift's form ("Einsatz bearbeiten": the list shows the new pay); a candidate applies for both;
// the new-application mail names the two shifts and leads to the application in the portal (not
// "answer directly by mail"); the applicant page, opened from that link, shows the chosen shifts
// with their state, and confirming one there works (the job's shift page agrees); the CSV of all
// the organization's applicants says which shift is confirmed.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { artifactsDir, browsersForTheFile, url } from './browser.mjs';
import { fillDataForApplying, openApplicationForm, registerConfirmedCandidate } from './candidate.mjs';
import { linksIn, waitForMail } from './mail.mjs';
import { addShiftsInPortal, approvedOrganizationMember, publishJobInPortal, signInToPortal } from './provider.mjs';
import { berlinDay, germanDate } from './dates.mjs';

const PASSWORD = 'Leuchtturm#2026';
const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
const email = `portal-shifts-${stamp}@example.org`;
const company = `Eventhelfer Süd ${stamp}`;
const title = `Aufbauhelfer (m/w/d) ${stamp}`;
const candidateEmail = `portal-einsatz-${stamp}@example.org`;

const shifts = [
  { date: berlinDay(20), start: '08:00', end: '16:00' },
  { date: berlinDay(21), start: '14:00', end: '22:00' },
];

let provider;
let candidate;
browsersForTheFile(2, (...opened) => {
  [provider, candidate] = opened;
});

test('a provider sets and changes a shift\'s pay in the form, sees the chosen shifts in the mail and on the applicant page, and confirms one there', async () => {
  await approvedOrganizationMember({ email, password: PASSWORD, company });
  const dir = await artifactsDir();
  const portal = provider.page;
  await signInToPortal(portal, email, PASSWORD);
  const job = await publishJobInPortal(portal, {
    title,
    description: 'Sie helfen beim Aufbau der Bühne und der Stände und packen kräftig mit an.',
  });

  // Two shifts; the first with its own pay and the job's place.
  await portal.goto(url(`/recruiting/portal/stellenanzeigen/${job.id}/einsaetze`));
  const { entry } = await addShiftsInPortal(portal, shifts);
  await entry(shifts[0]).getByText(/Husum · 0 von 2 bestätigt · 18,50\s€ pro Stunde/).waitFor();
  await entry(shifts[1]).getByText(/alle Einsatzorte · 0 von 2 bestätigt · Lohn der Stellenanzeige/).waitFor();

  // "Einsatz bearbeiten": the form holds the shift; a new pay is saved and shown.
  await entry(shifts[0]).getByRole('button', { name: 'Einsatz bearbeiten' }).click();
  const edit = entry(shifts[0]).getByRole('form', { name: 'Einsatz bearbeiten' });
  assert.equal(await edit.getByLabel('Datum', { exact: true }).inputValue(), shifts[0].date);
  assert.equal(await edit.getByLabel(/Lohn pro Stunde/).inputValue(), '18,50');
  const save = edit.getByRole('button', { name: 'Änderungen speichern' });
  const box = await save.boundingBox();
  assert.ok(box && box.height >= 44, `"Änderungen speichern" is ${box?.height} px tall, less than a 44 px touch target`);
  await edit.getByLabel(/Lohn pro Stunde/).fill('19,75');
  await save.click();
  await entry(shifts[0]).getByText(/19,75\s€ pro Stunde/).waitFor();
  assert.equal(await edit.count(), 0, 'the form stays open after saving');
  await portal.reload();
  await entry(shifts[0]).getByText(/Husum · 0 von 2 bestätigt · 19,75\s€ pro Stunde/).waitFor();
  await portal.screenshot({ path: `${dir}/portal-shifts-edited-pay.png`, fullPage: true });

  // The candidate applies for both shifts.
  const apply = candidate.page;
  await registerConfirmedCandidate(apply, candidateEmail);
  await fillDataForApplying(apply);
  await apply.goto(url(`/jobs/${job.slug}`));
  await openApplicationForm(apply);
  const choice = apply.getByRole('group', { name: 'Für welche Einsätze bewirbst du dich? (optional)' });
  await choice.waitFor();
  for (const shift of shifts) await choice.getByRole('checkbox', { name: new RegExp(germanDate(shift.date)) }).check();
  await apply.getByRole('button', { name: 'Bewerbung absenden' }).click();
  await apply.getByRole('dialog', { name: 'Danke für deine Bewerbung!' }).waitFor();

  // The provider's mail names both shifts and leads to the application in the portal.
  const mail = await waitForMail(email, { subject: `Neue Bewerbung: ${title}` });
  const text = mail.text.replace(/\r\n/g, '\n');
  assert.match(text, new RegExp(`Gewählte Einsätze:\\n- \\w+, ${germanDate(shifts[0].date)}, 08:00–16:00 Uhr, Husum\\n- \\w+, ${germanDate(shifts[1].date)}, 14:00–22:00 Uhr\\n`));
  assert.ok(!mail.text.includes('direkt per E-Mail'), 'the mail still asks to answer by mail');
  assert.match(mail.text, /unter „Nachrichten“/);
  const [link] = linksIn(mail, '/recruiting/portal/bewerbungen/');
  assert.ok(link, 'no link to the application in the portal');

  // The applicant page from the mail's link: the chosen shifts with their state; confirming one there.
  await portal.goto(url(new URL(link).pathname));
  const region = portal.getByRole('region', { name: 'Gewählte Einsätze' });
  const chosen = (shift) => region.getByRole('listitem').filter({ hasText: `${germanDate(shift.date)}, ${shift.start}` });
  await chosen(shifts[0]).getByText('– offen').waitFor();
  await chosen(shifts[1]).getByText('– offen').waitFor();
  assert.equal(await region.getByRole('listitem').count(), 2);
  const confirm = chosen(shifts[0]).getByRole('button', { name: 'Bestätigen' });
  const confirmBox = await confirm.boundingBox();
  assert.ok(confirmBox && confirmBox.height >= 44, `"Bestätigen" is ${confirmBox?.height} px tall`);
  await confirm.click();
  await chosen(shifts[0]).getByText('– bestätigt').waitFor();
  await chosen(shifts[0]).getByText(/1 von 2 bestätigt/).waitFor();
  await chosen(shifts[1]).getByText('– offen').waitFor();
  await portal.screenshot({ path: `${dir}/portal-shifts-applicant-page.png`, fullPage: true });

  // The job's shift page agrees.
  await portal.goto(url(`/recruiting/portal/stellenanzeigen/${job.id}/einsaetze`));
  await entry(shifts[0]).getByText(/1 von 2 bestätigt/).waitFor();
  await entry(shifts[0]).getByRole('list', { name: 'Bewerbungen für diesen Einsatz' }).getByText('– bestätigt').waitFor();

  // The CSV of all the organization's applicants (no job chosen) says which shift is confirmed.
  await portal.goto(url('/recruiting/portal/bewerbungen'));
  const download = portal.waitForEvent('download');
  await portal.getByRole('link', { name: 'Bewerbungen aller Stellenanzeigen als CSV herunterladen' }).click();
  const file = await download;
  const chunks = [];
  for await (const chunk of await file.createReadStream()) chunks.push(chunk);
  const rows = Buffer.concat(chunks).subarray(3).toString('utf8').trimEnd().split('\r\n');
  assert.equal(rows[0], 'Vorname;Nachname;E-Mail;Telefon;Adresse;Status;Beworben am;Einsatzorte;Gewählte Einsätze;Bestätigte Einsätze;Lohn;Stellenanzeige');
  assert.equal(rows.length, 2, rows.join('\n'));
  assert.match(rows[1], new RegExp(`${germanDate(shifts[0].date)}, 08:00–16:00 Uhr, Husum \\(bestätigt\\); \\w+, ${germanDate(shifts[1].date)}, 14:00–22:00 Uhr \\(offen\\)";\\w+, ${germanDate(shifts[0].date)}, 08:00–16:00 Uhr, Husum;`));
  assert.ok(rows[1].endsWith(`;${title}`), rows[1]);
  assert.deepEqual(provider.pageErrors(), []);
  assert.deepEqual(candidate.pageErrors(), []);
});
