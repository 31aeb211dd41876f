// End to end: shifts (Einsätze) against the real server and the SMTP sink (issue 30, docs/shifts.md).
// An approved provider writes a job in the portal and adds three shifts to it; a candidate applies
// for two of them; the provider confirms one and declines the other; the candidate gets both
// decisions by mail, sees the confirmed shift on /meine-einsaetze, and her private calendar feed
// (.ics) holds exactly that shift; the reminder the evening before arrives for the confirmed shift
// only when its due time is moved to now (docs/shifts.md, "Reminder").
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { artifactsDir, browsersForTheFile, url } from './browser.mjs';
import { fillDataForApplying, openApplicationForm, registerConfirmedCandidate } from './candidate.mjs';
import { sql } from './db.mjs';
import { mailsTo, waitForMail } from './mail.mjs';
import { approvedOrganizationMember, publishJobInPortal } from './provider.mjs';
import { addDays, berlinDay, germanDate } from './dates.mjs';

const PASSWORD = 'Leuchtturm#2026';
const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
const email = `shifts-${stamp}@example.org`;
const company = `Messeteam Nord ${stamp}`;
const title = `Messe-Hostess (m/w/d) ${stamp}`;
const candidateEmail = `einsatz-${stamp}@example.org`;

const shifts = [
  { date: berlinDay(10), start: '10:00', end: '18:00' },
  { date: berlinDay(11), start: '09:00', end: '17:00' },
  { date: berlinDay(12), start: '12:00', end: '20:00' },
];

let provider;
let candidate;
browsersForTheFile(2, (...opened) => {
  [provider, candidate] = opened;
});

/** Signs the provider in through the organization app bar's login and publishes a job; answers its id and slug. */
async function publishJob(page) {
  await page.goto(url('/recruiting'));
  await page.getByRole('banner').getByRole('link', { name: 'Login', exact: true }).first().click();
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Passwort').fill(PASSWORD);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await page.getByRole('heading', { level: 1, name: 'Übersicht' }).waitFor();
  return publishJobInPortal(page, { title, description: 'Sie betreuen unseren Messestand an drei Tagen und begrüßen die Besucher.' });
}

test('a provider adds three shifts, a candidate applies for two, one is confirmed and one declined; the feed and the reminder hold the confirmed one', async () => {
  await approvedOrganizationMember({ email, password: PASSWORD, company });
  const dir = await artifactsDir();
  const portal = provider.page;
  const job = await publishJob(portal);

  // Three shifts on the portal's shift page of the job.
  await portal.goto(url(`/recruiting/portal/stellenanzeigen/${job.id}/einsaetze`));
  const form = portal.getByRole('form', { name: 'Einsatz hinzufügen' });
  for (const shift of shifts) {
    await form.getByLabel('Datum', { exact: true }).fill(shift.date);
    await form.getByLabel('Beginn', { exact: true }).fill(shift.start);
    await form.getByLabel('Ende (vor dem Beginn: am Folgetag)').fill(shift.end);
    await form.getByLabel('Benötigte Personen').fill('2');
    await form.getByRole('button', { name: 'Einsatz hinzufügen' }).click();
    await portal.getByRole('heading', { level: 2, name: new RegExp(`${germanDate(shift.date)}, ${shift.start}`) }).waitFor();
  }
  const listed = await apiJsonFromPage(portal, `/api/job_postings/${job.id}/shifts`);
  assert.equal(listed['hydra:member'].length, 3, 'the job does not list its three shifts');

  // The candidate applies for the first two.
  const apply = candidate.page;
  await registerConfirmedCandidate(apply, candidateEmail);
  await fillDataForApplying(apply);
  await apply.goto(url(`/jobs/${job.slug}`));
  await openApplicationForm(apply);
  const choice = apply.getByRole('group', { name: 'Für welche Einsätze bewirbst du dich? (optional)' });
  await choice.waitFor();
  assert.equal(await choice.getByRole('checkbox').count(), 3);
  await choice.getByRole('checkbox', { name: new RegExp(germanDate(shifts[0].date)) }).check();
  await choice.getByRole('checkbox', { name: new RegExp(germanDate(shifts[1].date)) }).check();
  await apply.getByRole('button', { name: 'Bewerbung absenden' }).click();
  await apply.getByRole('dialog', { name: 'Danke für deine Bewerbung!' }).waitFor();

  // The provider confirms the first shift and declines the second.
  await portal.reload();
  const entry = (shift) => portal.getByRole('listitem').filter({ has: portal.getByRole('heading', { level: 2, name: new RegExp(`${germanDate(shift.date)}, ${shift.start}`) }) });
  const applicantIn = (shift) => entry(shift).getByRole('list', { name: 'Bewerbungen für diesen Einsatz' }).getByRole('listitem').filter({ hasText: 'Jana Muster' });
  await applicantIn(shifts[0]).getByRole('button', { name: 'Bestätigen' }).click();
  await applicantIn(shifts[0]).getByText('– bestätigt').waitFor();
  await entry(shifts[0]).getByText('1 von 2 bestätigt').waitFor();
  await applicantIn(shifts[1]).getByRole('button', { name: 'Ablehnen' }).click();
  await applicantIn(shifts[1]).getByText('– abgelehnt').waitFor();
  assert.equal(await entry(shifts[2]).getByRole('list', { name: 'Bewerbungen für diesen Einsatz' }).count(), 0, 'nobody applied for the third shift');
  await portal.screenshot({ path: `${dir}/shifts-portal.png`, fullPage: true });

  // Each decision reaches the candidate by mail (sent after the queue's short delay).
  const subject = `Dein Einsatz bei ${company}: ${title}`;
  let decisions = [];
  for (const deadline = Date.now() + 60_000; decisions.length < 2 && Date.now() < deadline; ) {
    decisions = await mailsTo(candidateEmail, { subject });
    if (decisions.length < 2) await new Promise((r) => setTimeout(r, 1000));
  }
  assert.equal(decisions.length, 2, 'the two decisions were not both mailed');
  assert.ok(decisions.some((m) => m.text.includes(germanDate(shifts[0].date))));
  assert.ok(decisions.some((m) => m.text.includes(germanDate(shifts[1].date))));

  // /meine-einsaetze: the confirmed shift; the declined one is not waiting any more.
  await apply.goto(url('/meine-einsaetze'));
  const confirmed = apply.getByRole('region', { name: 'Bestätigt' });
  await confirmed.getByText(germanDate(shifts[0].date), { exact: false }).waitFor();
  assert.equal(await apply.getByRole('region', { name: 'Wartet auf Antwort' }).count(), 0);
  assert.equal(await apply.getByText(germanDate(shifts[1].date), { exact: false }).count(), 0);

  // The private calendar feed holds exactly the confirmed shift.
  await apply.getByRole('button', { name: 'Kalender-Link erstellen' }).click();
  const feedUrl = await apply.getByRole('textbox', { name: 'Dein Kalender-Link' }).inputValue();
  const feed = await fetch(feedUrl.replace(/^https?:\/\/[^/]+/, url('')));
  assert.equal(feed.status, 200);
  assert.match(feed.headers.get('content-type') ?? '', /^text\/calendar/);
  const events = parseEvents(await feed.text());
  assert.equal(events.length, 1, 'the feed does not hold exactly the one confirmed shift');
  assert.match(events[0].DTSTART ?? '', new RegExp(`^${shifts[0].date.replaceAll('-', '')}T`));
  assert.match(events[0].SUMMARY ?? '', new RegExp(title.replace(/[()]/g, '\\$&')));
  await apply.screenshot({ path: `${dir}/shifts-candidate.png`, fullPage: true });

  // The reminder the evening before: queued for the confirmed shift only, due 18:00 Berlin the
  // day before. "When the clock is moved" (its due time set to now), the mail worker sends it.
  const queued = await sql(
    "SELECT to_char(run_at AT TIME ZONE 'Europe/Berlin', 'YYYY-MM-DD HH24:MI') FROM queue_jobs " +
      "WHERE idempotency_key LIKE 'shift_reminder:%' AND payload->>'to' = :'p1'",
    candidateEmail,
  );
  assert.deepEqual(queued, [[`${addDays(shifts[0].date, -1)} 18:00`]], 'not exactly one reminder, for the confirmed shift');
  await sql("UPDATE queue_jobs SET run_at = now() WHERE idempotency_key LIKE 'shift_reminder:%' AND payload->>'to' = :'p1'", candidateEmail);
  const reminderSubject = `Erinnerung an deinen Einsatz: ${title}`;
  const reminder = await waitForMail(candidateEmail, { subject: reminderSubject });
  assert.ok(reminder.text.includes(germanDate(shifts[0].date)), 'the reminder does not name the confirmed shift');
  assert.ok(reminder.text.includes(company) && reminder.text.includes('/meine-einsaetze'));
  await new Promise((r) => setTimeout(r, 4000)); // one poll of the mail worker: nothing follows
  const reminders = await mailsTo(candidateEmail, { subject: reminderSubject });
  assert.equal(reminders.length, 1, 'a reminder for the declined shift, or a second one');
  assert.ok(!reminders[0].text.includes(germanDate(shifts[1].date)));
  assert.deepEqual(provider.pageErrors(), []);
  assert.deepEqual(candidate.pageErrors(), []);
});

/** JSON of an API path fetched from the page (with its cookies). */
function apiJsonFromPage(page, path) {
  return page.evaluate(async (p) => (await fetch(p, { headers: { Accept: 'application/ld+json' } })).json(), path);
}

/** The VEVENTs of an iCalendar text (RFC 5545: lines unfolded), each as NAME → value (parameters dropped). */
function parseEvents(ics) {
  const lines = ics.replace(/\r\n[ \t]/g, '').split(/\r\n/);
  const events = [];
  let current = null;
  for (const line of lines) {
    if (line === 'BEGIN:VEVENT') current = {};
    else if (line === 'END:VEVENT') {
      events.push(current);
      current = null;
    } else if (current) {
      const colon = line.indexOf(':');
      const name = line.slice(0, colon).split(';')[0];
      current[name] = line.slice(colon + 1);
    }
  }
  return events;
}
