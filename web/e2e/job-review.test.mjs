// End to end (issue 42 item 3; docs/fair-play.md "Wording"), against the real server: an approved
// organization writes "Deutsch als Muttersprache" into a job's requirements; as it is typed the
// editor shows the warning with its reason and a suggestion; "Trotzdem veröffentlichen" leaves the
// job waiting for review ("Wartet auf Prüfung"), not in the search and not public; an
// administrator (made by `jobhafen admin create-admin`) signs in on the review page and releases
// it; then the search finds it.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { apiJson, giveConsent, openBrowser, url } from './browser.mjs';
import { sql } from './db.mjs';
import { admin, approvedOrganizationMember } from './provider.mjs';

const PASSWORD = 'Leuchtturm#2026';
const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
const email = `agg-${stamp}@example.org`;
const company = `Wortwahl Promotion ${stamp}`;
// A word only this job has, so the search answers for it alone.
const word = `Quittengelee${Math.floor(Math.random() * 1e6)}`;
const title = `Promoter (m/w/d) ${word}`;

let provider;
let administrator;

before(async () => {
  provider = await openBrowser();
  await giveConsent(provider.context);
});

after(async () => {
  await provider?.close();
  await administrator?.close();
});

async function inSearch() {
  const found = await apiJson(`/api/job_postings?q=${encodeURIComponent(word)}&itemsPerPage=10`);
  return (found.body?.['hydra:member'] ?? []).some((job) => job.title === title);
}

async function eventually(check, what, timeoutMs = 60_000) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  assert.fail(what);
}

test('"Deutsch als Muttersprache" warns; published anyway it stays out of the search until an administrator releases it', async () => {
  await approvedOrganizationMember({ email, password: PASSWORD, company });
  const { page, pageErrors } = provider;
  await page.goto(url('/recruiting/portal/anmelden'));
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await page.getByRole('heading', { level: 1, name: 'Übersicht' }).waitFor();

  await page.getByRole('link', { name: 'Neue Stellenanzeige erstellen' }).click();
  await page.getByLabel('Jobtitel *').fill(title);
  await page.getByLabel('Beschreibung').fill('Sie stellen unser Gelee im Markt vor und verteilen Proben.');
  await page.getByRole('combobox', { name: 'Ort (Einsatzort 1)' }).fill('Görli');
  await page.getByRole('option', { name: /^Görlitz/ }).first().click();
  await page.getByRole('group', { name: 'Tätigkeiten' }).getByRole('checkbox').first().check();
  await page.getByLabel('Grundvergütung').fill('15,00');
  await page.getByLabel('Vergütung pro').selectOption('hour');
  await page.getByLabel('Anforderungen').fill('Deutsch als Muttersprache, Freude am Gespräch');

  // As it is typed, the editor shows the finding, why, and a better wording; saving keeps it.
  const notes = page.getByRole('region', { name: 'Hinweise zur Formulierung' });
  await notes.getByText('Anforderungen: „Muttersprache“').waitFor();
  await notes.getByText(/ethnische Herkunft/).waitFor();
  await notes.getByText(/sehr gute Deutschkenntnisse/).waitFor();
  await page.getByRole('button', { name: 'Entwurf speichern' }).click();
  await page.waitForURL(/\/recruiting\/portal\/stellenanzeigen\/\d+$/);
  const jobId = /\/stellenanzeigen\/(\d+)$/.exec(page.url())[1];
  await notes.getByText('Anforderungen: „Muttersprache“').waitFor();

  // Published anyway: it waits for review and is neither public nor in the search.
  await page.getByRole('button', { name: 'Trotzdem veröffentlichen' }).click();
  await page.getByText(/Die Stellenanzeige wartet auf Prüfung/).first().waitFor();
  await page.getByText('Wartet auf Prüfung', { exact: true }).first().waitFor();
  const [[slug, published]] = await sql('SELECT slug, is_published FROM job_postings WHERE id = :p1', jobId);
  assert.equal(published, 'f');
  assert.equal(await inSearch(), false);
  const closedDoor = await fetch(url(`/api/job_postings/${jobId}`));
  assert.equal(closedDoor.status, 404);

  // An administrator releases it on the review page.
  const adminEmail = `agg-admin-${stamp}@jobhafen.example`;
  const { stdout } = await admin('create-admin', adminEmail);
  const adminPassword = /password \(shown once\): (\S+)/.exec(stdout)?.[1];
  assert.ok(adminPassword, stdout);
  administrator = await openBrowser();
  await giveConsent(administrator.context);
  const a = administrator.page;
  await a.goto(url('/recruiting/portal/anzeigen-pruefung'));
  await a.getByLabel('E-Mail-Adresse').fill(adminEmail);
  await a.getByLabel('Passwort').fill(adminPassword);
  await a.getByRole('button', { name: 'Anmelden' }).click();
  const waiting = a.getByRole('list', { name: 'Wartende Stellenanzeigen' }).getByRole('listitem', { name: title });
  await waiting.getByText('Anforderungen: „Muttersprache“').waitFor();
  await waiting.getByRole('button', { name: 'Freigeben' }).click();
  await waiting.waitFor({ state: 'detached' });

  await eventually(inSearch, 'the released job is not in the search');
  const visitor = await fetch(url(`/api/job_postings/${jobId}`));
  assert.equal(visitor.status, 200);
  await page.reload();
  await page.getByText('Veröffentlicht', { exact: true }).first().waitFor();
  assert.ok(slug);
  assert.deepEqual(pageErrors(), []);
  assert.deepEqual(administrator.pageErrors(), []);
});
