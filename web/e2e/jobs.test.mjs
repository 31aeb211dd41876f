// End to end: the job search and the job detail against the real server with the seeded demo
// data (ops/test seeds it): a search by city and radius finds only nearby jobs, a job leads back
// to its list with the filters, an inactive job shows the inactive page; screenshots and axe.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { apiJson, artifactsDir, giveConsent, openBrowser, seriousA11yViolations, url } from './browser.mjs';

let browser;

before(async () => {
  browser = await openBrowser();
  await giveConsent(browser.context);
});

after(async () => {
  await browser?.close();
});

/** Types a town into "Wo?" and picks the suggestion starting with `label`. */
async function choosePlace(page, text, label) {
  const field = page.getByRole('combobox', { name: 'Wo?' });
  await field.fill('');
  await field.fill(text);
  await page.getByRole('option', { name: new RegExp(`^${label}`) }).first().click();
  assert.match(await field.inputValue(), new RegExp(`^${label}`));
}

/** Waits until the result list shows the answer for the current URL (not the previous one). */
async function resultsSettled(page) {
  await page.locator('section[aria-label="Suchergebnisse"][aria-busy="false"] [data-job-id]').first().waitFor();
}

/** "12 km entfernt" (or "am Ort") of every card on the page, in km. */
async function cardDistances(page) {
  const texts = await page.locator('[data-job-distance]').allTextContents();
  return texts.map((t) => {
    if (t.trim() === 'am Ort') return 0;
    assert.doesNotMatch(t, /^0 m/, 'a job at the place reads "am Ort"');
    const m = /^(\d+)\s*(km|m)\b/.exec(t.trim());
    assert.ok(m, `unreadable distance "${t}"`);
    return m[2] === 'km' ? Number(m[1]) : Number(m[1]) / 1000;
  });
}

test('search by city and radius shows only nearby jobs; the filters are in the URL', async () => {
  const { page, pageErrors } = browser;
  const dir = await artifactsDir();
  await page.goto(url('/jobs/suche'));
  const search = page.getByRole('search', { name: 'Jobsuche' }).first();

  // A typed place that was not chosen from the suggestions is refused.
  await search.getByRole('combobox', { name: 'Wo?' }).fill('Hamburg');
  await page.keyboard.press('Escape');
  await search.getByRole('button', { name: 'Jobs finden' }).click();
  await page.getByText('Bitte wähle einen Ort aus den Vorschlägen aus.').waitFor();
  assert.equal(new URL(page.url()).search, '');

  await choosePlace(page, 'Hamburg', 'Hamburg');
  await search.getByLabel('Umkreis').selectOption('25');
  await search.getByRole('button', { name: 'Jobs finden' }).click();
  await page.waitForURL(/umkreis=25/);
  const params = new URL(page.url()).searchParams;
  assert.match(params.get('wo') ?? '', /^Hamburg/);
  assert.ok(Math.abs(Number(params.get('lat')) - 53.55) < 0.1, 'latitude of Hamburg');
  assert.ok(Math.abs(Number(params.get('lon')) - 10.0) < 0.1, 'longitude of Hamburg');

  await page.getByRole('heading', { level: 1, name: /^Jobs in Hamburg/ }).waitFor();
  await resultsSettled(page);
  const distances = await cardDistances(page);
  assert.ok(distances.length > 0, 'no jobs around Hamburg in the demo data');
  for (const km of distances) assert.ok(km <= 25, `a job ${km} km away in a 25 km search`);

  // The count is the API's own for the same search, and smaller than all jobs.
  const nearby = await apiJson(`/api/job_postings?isPublished=1&lat=${params.get('lat')}&lon=${params.get('lon')}&distance=25&itemsPerPage=1`);
  const all = await apiJson('/api/job_postings?isPublished=1&itemsPerPage=1');
  const total = nearby.body['hydra:totalItems'];
  assert.ok(total < all.body['hydra:totalItems']);
  await page.getByText(new RegExp(`^${total.toLocaleString('de-DE')} Jobs? gefunden`)).waitFor();

  await page.screenshot({ path: join(dir, 'search-1440.png'), fullPage: true });
  assert.deepEqual(await seriousA11yViolations(page), []);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: join(dir, 'search-390.png'), fullPage: true });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.equal(overflow, 0, 'the search page scrolls sideways at 390 px');
  // On the phone the results come first: the filters fold behind "Filter", the first job starts on
  // the first screen (issue 41, item 10), and a tap shows the filters.
  assert.equal(await page.getByLabel('Einsatztage').isVisible(), false);
  const firstJob = await page.locator('article').first().boundingBox();
  // At least its top 200 px (title, organization, place) on the first screen, not only an edge.
  assert.ok(firstJob && firstJob.y < 844 - 200, `the first job starts ${firstJob?.y} px down: less than 200 px of it on the first screen`);
  await page.getByRole('button', { name: /^Filter/ }).click();
  await page.getByLabel('Einsatztage').waitFor();
  await page.setViewportSize({ width: 1440, height: 900 });
  assert.equal(await page.getByRole('button', { name: /^Filter/ }).isVisible(), false);
  assert.ok(await page.getByLabel('Einsatztage').isVisible());
  assert.deepEqual(pageErrors(), []);
});

test('a job leads back to its list with the filters ("Zurück zur Liste")', async () => {
  const { page, pageErrors } = browser;
  const dir = await artifactsDir();
  await page.goto(url('/jobs/suche'));
  await choosePlace(page, 'Köln', 'Köln');
  await page.getByLabel('Umkreis').selectOption('50');
  await page.getByLabel('Veröffentlicht').selectOption('7d');
  await page.getByRole('button', { name: 'Jobs finden' }).click();
  await page.waitForURL(/seit=7d/);
  // The new list, not the one before the search: its cards say how far away they are.
  await page.locator('section[aria-label="Suchergebnisse"][aria-busy="false"] [data-job-id] [data-job-distance]').first().waitFor();
  const listUrl = page.url();

  const first = page.locator('[data-job-id] h2 a').first();
  const title = (await first.textContent()).trim();
  await first.click();
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  assert.match(new URL(page.url()).pathname, /^\/jobs\/[a-z0-9-]+$/);
  // Every action of the detail is there.
  for (const name of ['Jetzt bewerben', 'Jobanbieter ansehen']) await page.getByRole('link', { name }).waitFor();
  for (const name of ['Merken', 'Teilen', 'Frage stellen']) await page.getByRole('button', { name }).waitFor();
  await page.getByRole('complementary', { name: 'Eckdaten' }).getByText('Job-ID').waitFor();

  await page.screenshot({ path: join(dir, 'job-1440.png'), fullPage: true });
  assert.deepEqual(await seriousA11yViolations(page), []);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: join(dir, 'job-390.png'), fullPage: true });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.equal(overflow, 0, 'the job page scrolls sideways at 390 px');
  await page.setViewportSize({ width: 1440, height: 900 });

  // A visitor who wants to keep the job is asked to sign in.
  await page.getByRole('button', { name: 'Merken' }).click();
  await page.getByRole('dialog', { name: 'Anmelden oder registrieren' }).waitFor();
  await page.keyboard.press('Escape');

  await page.getByRole('link', { name: '« Zurück zur Liste' }).click();
  await page.waitForURL(listUrl);
  assert.equal(page.url(), listUrl);
  assert.match(await page.getByRole('combobox', { name: 'Wo?' }).inputValue(), /^Köln/);
  assert.equal(await page.getByLabel('Veröffentlicht').inputValue(), '7d');

  // The job is also found by its id.
  const id = await page.locator('[data-job-id]').first().getAttribute('data-job-id');
  await page.goto(url(`/jobs/${id}`));
  await page.getByRole('heading', { level: 1 }).waitFor();
  assert.notEqual(await page.getByRole('heading', { level: 1 }).textContent(), 'Diesen Job gibt es leider nicht');
  assert.deepEqual(pageErrors(), []);
});

test('an inactive job shows the inactive-job page', async () => {
  const { page, pageErrors } = browser;
  // Find an inactive job of the demo data through the API: the detail answers 410.
  let inactive = null;
  for (let id = 1; id <= 400 && !inactive; id++) {
    const answer = await apiJson(`/api/job_postings/${id}`);
    if (answer.status === 410) inactive = id;
  }
  assert.ok(inactive, 'the demo data has no inactive job among the first 400');
  const response = await page.goto(url(`/jobs/${inactive}`));
  // The server itself answers 410 for the page of an inactive job and tells search engines to
  // drop it; the app shows the inactive-job page.
  assert.equal(response.status(), 410);
  assert.match(await page.locator('meta[name="robots"]').getAttribute('content'), /noindex/);
  await page.getByRole('heading', { level: 1, name: 'Dieser Job ist nicht mehr aktiv' }).waitFor();
  await page.getByText('Fehler 410').waitFor();
  // The shipped content page error-jobposting-inactive: the way to similar jobs and current jobs.
  await page.getByRole('link', { name: 'Ähnliche Jobs suchen' }).waitFor();
  await page.locator('[data-section="error-with-code"]').waitFor();
  await page.getByRole('heading', { name: 'Aktuelle Jobs' }).waitFor();

  // An unknown job goes to the not-found page.
  await page.goto(url('/jobs/diesen-job-gibt-es-nicht-999999'));
  await page.waitForURL(/\/jobs\/job-nicht-gefunden$/);
  await page.getByRole('heading', { level: 1, name: 'Diesen Job gibt es leider nicht' }).waitFor();
  assert.deepEqual(pageErrors(), []);
});

test('saving a search as job alert: an empty search is refused, a visitor is asked to sign in', async () => {
  const { page } = browser;
  await page.goto(url('/jobs'));
  await page.getByRole('button', { name: 'Als Job-Alert speichern' }).click();
  await page.getByText(/Eine leere Suche kann kein Job-Alert werden/).waitFor();

  await page.goto(url('/messejobs'));
  await page.getByRole('heading', { level: 1, name: 'Messejobs' }).waitFor();
  await page.getByRole('button', { name: 'Als Job-Alert speichern' }).click();
  await page.getByRole('dialog', { name: 'Anmelden oder registrieren' }).waitFor();
  assert.equal(new URL(page.url()).searchParams.get('login'), '1');
});

test('landing pages: city, activity, job type with city, the combination', async () => {
  const { page, pageErrors } = browser;
  await page.goto(url('/jobs-stadt/berlin'));
  await page.getByRole('heading', { level: 1, name: 'Jobs in Berlin' }).waitFor();
  await resultsSettled(page);
  for (const km of await cardDistances(page)) assert.ok(km <= 50, `a Berlin job ${km} km away`);

  // The activity of a recent job that has one (jobs other tests make may have none).
  const recent = (await apiJson('/api/job_postings?isPublished=1&itemsPerPage=20')).body['hydra:member'];
  const activity = recent.find((job) => job.activities.length > 0).activities[0];
  await page.goto(url(`/jobs-taetigkeit/${activity.slug}`));
  await page.getByRole('heading', { level: 1 }).waitFor();
  await resultsSettled(page);
  const names = await page.locator('[data-job-id] ul[aria-label="Tätigkeiten"]').allTextContents();
  for (const n of names) assert.ok(n.includes(activity.name), `a job without ${activity.name}`);

  await page.goto(url('/promotionjobs/muenchen'));
  await page.getByRole('heading', { level: 1, name: 'Promotionjobs in München' }).waitFor();
  await page.goto(url(`/jobs-stadt/hamburg/als/${activity.slug}`));
  await page.getByRole('heading', { level: 1, name: /in Hamburg$/ }).waitFor();
  await page.goto(url('/jobanbieter'));
  await page.getByRole('heading', { level: 1, name: 'Jobanbieter' }).waitFor();
  await page.locator('main li h2 a').first().click();
  await page.getByRole('heading', { name: /Offene Jobs/ }).waitFor();
  assert.deepEqual(pageErrors(), []);
});

test('"Meinen Standort verwenden": the nearest town, and a message when the position is refused', async () => {
  const { page, context } = browser;
  await page.goto(url('/jobs/suche'));
  await context.grantPermissions(['geolocation'], { origin: new URL(url('/')).origin });
  await context.setGeolocation({ latitude: 53.5511, longitude: 9.9937 });
  await page.getByRole('button', { name: 'Meinen Standort verwenden' }).click();
  const field = page.getByRole('combobox', { name: 'Wo?' });
  // The "Wo?" field itself: "Was?" is a combobox too (its suggestions), and comes first.
  await page.waitForFunction((input) => /^Hamburg/.test(input?.value ?? ''), await field.elementHandle());
  assert.match(await field.inputValue(), /^Hamburg/);

  await context.clearPermissions();
  await page.getByRole('button', { name: 'Meinen Standort verwenden' }).click();
  await page.getByText('Du hast den Zugriff auf deinen Standort nicht erlaubt. Bitte gib einen Ort ein.').waitFor();
});
