// End to end: the waitlist refills a full shift (issue 43, item 6; docs/shifts.md "Waitlist and
// refill"), against the real server, the mail worker and the SMTP sink. A shift for one person:
// A is confirmed; B, who applied without a shift, puts herself on the waitlist on the job page
// ("Auf die Warteliste"); A calls the shift off on /meine-einsaetze; B gets the offer mail, opens
// its link and takes the place ("Platz übernehmen"); the provider's week view shows "1 von 1
// besetzt", B's calendar feed holds the shift and A's does not. The time from A's click to the
// mail in the sink is printed. Every name is stamped: other files run at once.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { browsersForTheFile, url } from './browser.mjs';
import { fillDataForApplying, registerConfirmedCandidate } from './candidate.mjs';
import { sql } from './db.mjs';
import { linksIn, waitForMail } from './mail.mjs';
import { approvedOrganizationMember } from './provider.mjs';
import { dayName } from './dates.mjs';

const PASSWORD = 'Leuchtturm#2026';
const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
const email = `warteliste-${stamp}@example.org`;
const company = `Warteliste Events ${stamp}`;
const title = `Garderobe (m/w/d) ${stamp}`;
const aEmail = `warteliste-a-${stamp}@example.org`;
const bEmail = `warteliste-b-${stamp}@example.org`;

let provider;
let first;
let second;
browsersForTheFile(3, (...opened) => {
  [provider, first, second] = opened;
});

/** A request from the page (its session), answering {status, body}. */
function call(page, method, path, body) {
  return page.evaluate(
    async ([m, p, b]) => {
      const response = await fetch(p, {
        method: m,
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: b === undefined ? undefined : JSON.stringify(b),
      });
      const text = await response.text();
      return { status: response.status, body: text };
    },
    [method, path, body],
  );
}

async function calendarOf(page) {
  const link = await call(page, 'POST', '/api/me/calendar_token');
  assert.equal(link.status, 201, link.body);
  return page.evaluate(async (u) => (await fetch(new URL(u).pathname)).text(), JSON.parse(link.body).url);
}

test('A withdraws, B on the waitlist gets the offer mail, takes the place; the week shows "1 von 1 besetzt"', async () => {
  const organizationId = await approvedOrganizationMember({ email, password: PASSWORD, company });
  const [[jobId, slug]] = await sql(
    "INSERT INTO job_postings (slug, organization_id, title, is_published, active, published_at) " +
      "VALUES ('warteliste-' || :'p1', :'p2'::bigint, :'p3', true, true, now()) RETURNING id, slug",
    stamp,
    organizationId,
    title,
  );
  const [[date]] = await sql("SELECT to_char((now() AT TIME ZONE 'Europe/Berlin')::date + 9, 'YYYY-MM-DD')");

  const portal = provider.page;
  await portal.goto(url('/recruiting/portal/anmelden'));
  await portal.getByLabel('E-Mail-Adresse').fill(email);
  await portal.getByLabel('Passwort').fill(PASSWORD);
  await portal.getByRole('button', { name: 'Anmelden' }).click();
  await portal.getByRole('heading', { level: 1, name: 'Übersicht' }).waitFor();
  const made = await call(portal, 'POST', `/api/job_postings/${jobId}/shifts`, { date, start: '10:00', end: '16:00', staffNeeded: 1 });
  assert.equal(made.status, 201, made.body);
  const shiftId = JSON.parse(made.body).id;

  // A chooses the shift and is confirmed: the shift is full.
  const a = first.page;
  await registerConfirmedCandidate(a, aEmail);
  await fillDataForApplying(a);
  assert.equal((await call(a, 'POST', `/api/job_postings/${jobId}/apply`, { shifts: [shiftId] })).status, 201);
  const [[aChoice]] = await sql("SELECT id FROM shift_applications WHERE shift_id = :'p1'::bigint", shiftId);
  assert.equal((await call(portal, 'PATCH', `/api/shift_applications/${aChoice}`, { status: 'confirmed' })).status, 200);
  const aFeed = await calendarOf(a);
  assert.ok(aFeed.includes(`UID:shift-${shiftId}@`), aFeed);

  // B applies without a shift, then joins the full shift's waitlist on the job page.
  const b = second.page;
  await registerConfirmedCandidate(b, bEmail);
  await fillDataForApplying(b);
  assert.equal((await call(b, 'POST', `/api/job_postings/${jobId}/apply`, {})).status, 201);
  await b.goto(url(`/jobs/${slug}`));
  const full = b.getByRole('region', { name: 'Voll besetzte Einsätze' });
  await full.getByRole('button', { name: /^Auf die Warteliste: / }).click();
  await full.getByText('Du stehst auf der Warteliste (Platz 1).').waitFor();

  // A calls it off on /meine-einsaetze; B's offer mail arrives in the sink.
  await a.goto(url('/meine-einsaetze'));
  await a.getByRole('region', { name: 'Bestätigt' }).getByRole('button', { name: /^Absagen: / }).click();
  const clicked = Date.now();
  await a.getByRole('dialog', { name: 'Einsatz absagen?' }).getByRole('button', { name: 'Ja, absagen' }).click();
  const offer = await waitForMail(bEmail, { subject: `Ein Platz ist frei geworden: ${title}` });
  console.log(`[shift-refill] A's withdrawal → B's offer mail in the sink: ${Date.now() - clicked} ms`);
  const [link] = linksIn(offer, '/einsatz-angebot/');
  assert.ok(link, offer.text);

  // B opens the link and takes the place.
  await b.goto(url(new URL(link).pathname));
  await b.getByRole('button', { name: 'Platz übernehmen' }).click();
  await b.getByText(/^Der Platz gehört dir/).waitFor();
  await b.goto(url('/meine-einsaetze'));
  await b.getByRole('region', { name: 'Bestätigt' }).getByText(title).waitFor();

  // The provider: the week shows the shift full again, and the mail says who moved up.
  await portal.goto(url(`/recruiting/portal/einsaetze?ansicht=woche&datum=${date}`));
  const entry = portal.getByRole('listitem', { name: dayName(date) }).getByRole('listitem').filter({ has: portal.getByRole('link', { name: title }) });
  await entry.getByText('1 von 1 besetzt').waitFor();
  const told = await waitForMail(email, { subject: `rückt nach: ${title}` });
  assert.ok(told.text.includes('1 von 1'), told.text);

  // The calendar feeds: B's holds the shift, A's no longer does.
  const bFeed = await calendarOf(b);
  assert.ok(bFeed.includes(`UID:shift-${shiftId}@`), bFeed);
  const aAfter = await calendarOf(a);
  assert.ok(!aAfter.includes(`UID:shift-${shiftId}@`), aAfter);
  assert.deepEqual(provider.pageErrors(), []);
  assert.deepEqual(first.pageErrors(), []);
  assert.deepEqual(second.pageErrors(), []);
});
