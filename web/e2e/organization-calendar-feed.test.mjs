// End to end: the team's calendar feed (issue 43, item 8; docs/shifts.md "The organization's
// calendar feed"). An approved provider opens the portal's calendar, makes the team's calendar
// link under "Kalender abonnieren"; the real server's .ics holds the organization's shift with
// "0 von 2 besetzt"; "Neuen Link erstellen" shows a new address and the old one answers 404.
// Every name is stamped: other files run at once.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { browsersForTheFile, url } from './browser.mjs';
import { sql } from './db.mjs';
import { approvedOrganizationMember, signInToPortal } from './provider.mjs';

const PASSWORD = 'Leuchtturm#2026';
const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
const email = `teamkalender-${stamp}@example.org`;
const company = `Teamkalender Events ${stamp}`;
const title = `Messeaufbau (m/w/d) ${stamp}`;

let provider;
browsersForTheFile(1, (opened) => {
  provider = opened;
});

/** The feed's address as the test reaches the server (the link names the public origin). */
const reachable = (feedUrl) => feedUrl.replace(/^https?:\/\/[^/]+/, url(''));

test('a provider subscribes the team to the organization\'s shifts, and a new link ends the old one', async () => {
  const organizationId = await approvedOrganizationMember({ email, password: PASSWORD, company });
  // The job and its shift are set up directly (the shift form has its own tests).
  const [[jobId]] = await sql(
    // Published like a real ad, with its text: other tests read the newest jobs' descriptions.
    "INSERT INTO job_postings (slug, organization_id, title, description, is_published, active, published_at) " +
      "VALUES ('teamkalender-' || :'p1', :'p2'::bigint, :'p3', 'Sie bauen mit uns den Messestand auf.', true, true, now()) RETURNING id",
    stamp,
    organizationId,
    title,
  );
  await sql(
    "INSERT INTO shifts (job_posting_id, shift_date, start_time, end_time, staff_needed) " +
      "VALUES (:'p1'::bigint, (now() AT TIME ZONE 'Europe/Berlin')::date + 5, '08:00', '14:00', 2)",
    jobId,
  );

  const portal = provider.page;
  await signInToPortal(portal, email, PASSWORD);
  await portal.goto(url('/recruiting/portal/einsaetze'));
  const block = portal.getByRole('region', { name: 'Kalender abonnieren' });
  await block.getByRole('button', { name: 'Kalender-Link erstellen' }).click();
  const field = block.getByRole('textbox', { name: 'Ihr Kalender-Link (nur jetzt sichtbar)' });
  await field.waitFor();
  const first = await field.inputValue();
  assert.match(first, /\/api\/calendar\/[\w-]{43}\.ics$/);
  const feed = await fetch(reachable(first));
  assert.equal(feed.status, 200);
  assert.match(feed.headers.get('content-type') ?? '', /^text\/calendar/);
  const text = (await feed.text()).replace(/\r\n /g, '');
  assert.ok(text.includes(`SUMMARY:${title} – 0 von 2 besetzt\r\n`), text);

  await block.getByRole('button', { name: 'Neuen Link erstellen' }).click();
  await portal.waitForFunction(
    ([old]) => {
      const input = document.querySelector('#team-kalender-link');
      return input instanceof HTMLInputElement && input.value !== old;
    },
    [first],
  );
  const second = await field.inputValue();
  assert.equal((await fetch(reachable(second))).status, 200);
  assert.equal((await fetch(reachable(first))).status, 404, 'the replaced team calendar address still answers');
  assert.deepEqual(provider.pageErrors(), []);
});
