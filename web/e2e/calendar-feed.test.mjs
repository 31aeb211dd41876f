// End to end: "Kalender-Abo beenden" on /meine-einsaetze (issue 39, item 4; docs/shifts.md). A
// confirmed candidate makes her private calendar link, the feed answers; she ends the subscription
// with the button, the page says so, and the old .ics address answers 404 from the real server.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { browsersForTheFile, url } from './browser.mjs';
import { registerConfirmedCandidate } from './candidate.mjs';

const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
const email = `kalender-${stamp}@example.org`;

let candidate;
browsersForTheFile(1, (opened) => {
  candidate = opened;
});

/** The feed's address as the test reaches the server (the link names the public origin). */
const reachable = (feedUrl) => feedUrl.replace(/^https?:\/\/[^/]+/, url(''));

test('a candidate ends her calendar subscription with the button, and the old .ics address stops working', async () => {
  const page = candidate.page;
  await registerConfirmedCandidate(page, email);
  await page.goto(url('/meine-einsaetze'));
  const section = page.getByRole('region', { name: 'Kalender-Abo' });

  await section.getByRole('button', { name: 'Kalender-Link erstellen' }).click();
  const feedUrl = await section.getByRole('textbox', { name: 'Dein Kalender-Link' }).inputValue();
  assert.match(feedUrl, /\/api\/calendar\/[\w-]{43}\.ics$/);
  const before = await fetch(reachable(feedUrl));
  assert.equal(before.status, 200);
  assert.match(await before.text(), /^BEGIN:VCALENDAR/);

  await section.getByRole('button', { name: 'Kalender-Abo beenden' }).click();
  await section.getByRole('status').getByText('Dein Kalender-Abo ist beendet.', { exact: false }).waitFor();
  assert.equal(await section.getByRole('textbox', { name: 'Dein Kalender-Link' }).count(), 0, 'the ended link is still shown');
  const after = await fetch(reachable(feedUrl));
  assert.equal(after.status, 404, 'the old calendar address still answers after "Kalender-Abo beenden"');

  // A new link works again; the ended one stays dead.
  await section.getByRole('button', { name: 'Kalender-Link erstellen' }).click();
  const renewed = await section.getByRole('textbox', { name: 'Dein Kalender-Link' }).inputValue();
  assert.notEqual(renewed, feedUrl);
  assert.equal((await fetch(reachable(renewed))).status, 200);
  assert.equal((await fetch(reachable(feedUrl))).status, 404);
  assert.deepEqual(candidate.pageErrors(), []);
});
