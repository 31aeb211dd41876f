// End to end: search by date (issue 30, docs/search.md "Shift dates"). An approved provider
// publishes two jobs through the API, one with a shift ten days ahead and one without shifts; a
// visitor searching on the job search page finds both by their word, then with "Einsatztage:
// Zeitraum" around the shift finds only the job with the shift, whose card names the free shift
// ("Freier Einsatz: Do 10.12., 10–16 Uhr") as does its job page ("Nächste freie Einsätze", places
// left; issue 41, item 12), and with "Nächste 7 Tage" neither.
// The jobs carry a word of this run only (letters: the search reads it as one word), so parallel
// test files do not disturb the lists.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { giveConsent, openBrowser, url } from './browser.mjs';
import { admin, approvedOrganizationMember, postJson } from './provider.mjs';
import { berlinDay, dayName, shortDayName } from './dates.mjs';

const PASSWORD = 'Leuchtturm#2026';
const stamp = `${Date.now()}${Math.floor(Math.random() * 1e6)}`;
const word = `Einsatz${[...stamp].map((d) => 'abcdefghij'[Number(d)]).join('')}`;
const email = `shift-search-${stamp}@example.org`;
const company = `Datumssuche ${stamp}`;
const withShift = `Messehilfe ${word} mit Einsatz`;
const withoutShift = `Lagerhilfe ${word} ohne Einsatz`;

async function asProvider(token, method, path, body) {
  const response = await fetch(url(path), {
    method,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json().catch(() => null) };
}

async function publish(token, title) {
  const created = await asProvider(token, 'POST', '/api/job_postings?publish=1', {
    title,
    description: 'Wir suchen Verstärkung für unseren Stand.',
    activities: ['promotion'],
    locations: [{ city: 'Berlin', zipcode: '10178', street: 'Alexanderplatz 1' }],
    baseSalary: 15,
    salaryUnit: 'hour',
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  return created.body.id;
}

let visitor;

before(async () => {
  visitor = await openBrowser();
  await giveConsent(visitor.context);
});

after(async () => {
  await visitor?.close();
});

test('a visitor finds the job with a free shift in the chosen days, and not the job without shifts', async () => {
  const organization = await approvedOrganizationMember({ email, password: PASSWORD, company });
  await admin('organizations', 'quota', organization, '2');   // two jobs published at once
  const login = await postJson('/api/login', { email, password: PASSWORD });
  assert.equal(login.status, 200, JSON.stringify(login.body));
  const token = login.body.token;
  const shiftDay = berlinDay(10);
  const jobWithShift = await publish(token, withShift);
  await publish(token, withoutShift);
  const shift = await asProvider(token, 'POST', `/api/job_postings/${jobWithShift}/shifts`, { date: shiftDay, start: '10:00', end: '16:00', staffNeeded: 2 });
  assert.equal(shift.status, 201, JSON.stringify(shift.body));

  const page = visitor.page;
  const results = page.getByRole('main');
  await page.goto(url(`/jobs/suche?was=${word}`));
  await results.getByRole('link', { name: withShift }).waitFor();
  await results.getByRole('link', { name: withoutShift }).waitFor();

  // Zeitraum: the day before the shift to the day after.
  await page.getByLabel('Einsatztage').selectOption({ label: 'Zeitraum' });
  await page.getByLabel('Einsatz von').fill(berlinDay(9));
  await page.getByLabel('Einsatz bis').fill(berlinDay(11));
  // The list answers the dates the browser sent: wait for that answer, then for the list to show it.
  const ranged = page.waitForResponse((r) => r.url().includes('/api/job_postings?') && r.url().includes(`shiftsFrom=${berlinDay(9)}`));
  await page.getByRole('button', { name: 'Jobs finden' }).click();
  await ranged;
  await page.waitForURL((address) => address.searchParams.get('einsatz') === 'zeitraum' && address.searchParams.get('von') === berlinDay(9));
  await results.getByRole('link', { name: withoutShift }).waitFor({ state: 'detached' });
  await results.getByRole('link', { name: withShift }).waitFor();
  assert.equal(await results.getByRole('link', { name: withoutShift }).count(), 0, 'the job without shifts is listed for a date range');
  // Its card says the free shift in those days (issue 41, item 12) ...
  const card = results.getByRole('article').filter({ has: page.getByRole('link', { name: withShift }) });
  await card.getByText(`Freier Einsatz: ${shortDayName(shiftDay)}, 10–16 Uhr`).waitFor();
  // ... and so does the job page, with its places left, before applying.
  await card.getByRole('link', { name: withShift }).click();
  const next = page.getByRole('region', { name: 'Nächste freie Einsätze' });
  await next.getByText(`${dayName(shiftDay)}${shiftDay.slice(0, 4)}, 10:00–16:00 Uhr`).waitFor();
  assert.match(await next.getByRole('listitem').first().innerText(), /– noch 2 Plätze$/);
  await page.goBack();
  await results.getByRole('link', { name: withShift }).waitFor();

  // The next seven days hold no shift of either job.
  // Choosing it searches at once (the form applies a choice on change), so the wait for the answer
  // begins before the choice: begun after it, it missed an answer that came first, and the click
  // below asks nothing new (the same query, still fresh), so it waited 30 s in vain.
  const week = page.waitForResponse((r) => r.url().includes('/api/job_postings?') && r.url().includes(`shiftsTo=${berlinDay(6)}`));
  await page.getByLabel('Einsatztage').selectOption({ label: 'Nächste 7 Tage' });
  await page.getByRole('button', { name: 'Jobs finden' }).click();
  await week;
  await page.waitForURL((address) => address.searchParams.get('einsatz') === '7tage');
  await results.getByRole('link', { name: withShift }).waitFor({ state: 'detached' });
  assert.equal(await results.getByRole('link', { name: withoutShift }).count(), 0);

  // The API answers the same to the dates the browser sent.
  const listed = await (await fetch(url(`/api/job_postings?q=${word}&shiftsFrom=${shiftDay}&shiftsTo=${shiftDay}`))).json();
  assert.deepEqual(listed['hydra:member'].map((job) => job.id), [jobWithShift]);
  assert.deepEqual(listed['hydra:member'][0].freeShifts.total, 1);
  assert.equal(listed['hydra:member'][0].freeShifts.next[0].date, shiftDay);
});
