// End to end: what a new user tripped over (issue 41), in Debian's chromium against the real
// server. A job alert's "Suche öffnen" and its digest's "Alle Treffer ansehen" open exactly the
// search that was saved (period and shift dates included), and the alert saves what the form shows
// (filters apply as they change); the job page says when the candidate applied; an address that
// does not exist answers 404 before any script runs; on a 390 px phone /meine-einsaetze (with its
// calendar link) and the account pages do not scroll sideways, "Meine Einsätze" and "Meine
// Arbeitszeitgrenzen" are in the account menu and the hamburger menu, buttons are 44 px tall and a
// heading never breaks inside a word. Screenshots: alert-search-opened.png, alert-list-390.png,
// my-shifts-calendar-390.png, work-limits-390.png, account-nav-390.png, job-applied-390.png.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { test } from 'node:test';
import { apiJson, artifactsDir, browsersForTheFile, sidewaysOverflow, url, wordsCutAcrossLines } from './browser.mjs';
import { fillDataForApplying, registerConfirmedCandidate, saveJobAlertDialog } from './candidate.mjs';
import { sql } from './db.mjs';
import { linksIn, waitForMail } from './mail.mjs';
import { berlinDay } from './dates.mjs';

const run = promisify(execFile);
const JOBHAFEN = fileURLToPath(new URL('../../build/jobhafen', import.meta.url));
const newEmail = (tag) => `new-user-${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.org`;

let desk, phone;
browsersForTheFile(2, (a, b) => {
  desk = a;
  phone = b;
});

/** A published job with a place, and a word of its title the search finds it by. */
async function jobWithPlace() {
  const list = await apiJson('/api/job_postings?isPublished=1&itemsPerPage=50');
  const job = list.body['hydra:member'].find((j) => j.locations?.[0]?.lat && j.locations[0].city && /[A-Za-zÄÖÜäöüß]{5,}/.test(j.title));
  assert.ok(job, 'the seeded database has a published job with a place');
  const word = /[A-Za-zÄÖÜäöüß]{5,}/.exec(job.title)[0];
  return { job, word, place: job.locations[0] };
}

/** The search form's fields as a person reads them. */
async function formOnScreen(page) {
  const search = page.getByRole('search', { name: 'Jobsuche' }).first();
  await search.waitFor();
  const value = async (label) => {
    const field = search.getByLabel(label, { exact: true });
    return (await field.count()) === 0 ? '' : field.inputValue();
  };
  return {
    was: await value('Was?'),
    wo: await search.getByRole('combobox', { name: 'Wo?' }).inputValue(),
    umkreis: await value('Umkreis'),
    seit: await value('Veröffentlicht'),
    einsatz: await value('Einsatztage'),
    von: await value('Einsatz von'),
    bis: await value('Einsatz bis'),
  };
}

test('a job alert shows, links and mails exactly the search that was saved, period and shift dates included', async () => {
  const { page, pageErrors } = desk;
  const email = newEmail('alert');
  await registerConfirmedCandidate(page, email);
  const { word, place } = await jobWithPlace();
  const from = berlinDay(3);
  const to = berlinDay(40);

  await page.goto(url(`/jobs/suche?was=${encodeURIComponent(word)}&wo=${encodeURIComponent(place.city)}&lat=${place.lat}&lon=${place.lon}&umkreis=25`));
  const search = page.getByRole('search', { name: 'Jobsuche' }).first();
  // A filter applies as it changes: the address follows at once, without "Jobs finden".
  await search.getByLabel('Veröffentlicht', { exact: true }).selectOption('7d');
  await page.waitForURL((u) => u.searchParams.get('seit') === '7d');
  await search.getByLabel('Einsatztage', { exact: true }).selectOption('zeitraum');
  await search.getByLabel('Einsatz von', { exact: true }).fill(from);
  await search.getByLabel('Einsatz bis', { exact: true }).fill(to);
  // Saved straight away: the dates on screen go into the alert.
  await page.getByRole('button', { name: 'Als Job-Alert speichern' }).click();
  const dialog = page.getByRole('dialog', { name: 'Job-Alert anlegen' });
  const words = dialog.getByRole('list', { name: 'Suchfilter' });
  await words.waitFor();
  const german = (iso) => iso.split('-').reverse().join('.');
  const expectedWords = [
    `Stichwort: ${word}`,
    `Ort: ${place.city}`,
    'Umkreis: 25 km',
    'Veröffentlicht in den letzten 7 Tagen',
    `Einsätze vom ${german(from)} bis ${german(to)}`,
  ];
  assert.deepEqual(await words.getByRole('listitem').allTextContents(), expectedWords);
  const title = `Alert ${Date.now()}`;
  await saveJobAlertDialog(dialog, { title });

  // The alert list names the filter in words and opens that search.
  await page.goto(url('/meine-job-alerts'));
  const row = page.locator('li[data-alert-id]').filter({ hasText: title });
  await row.waitFor();
  assert.deepEqual(await row.getByRole('list', { name: 'Suchfilter' }).getByRole('listitem').allTextContents(), expectedWords);
  await row.getByRole('link', { name: 'Suche öffnen' }).click();
  await page.waitForURL((u) => u.pathname === '/jobs/suche');
  const saved = { was: word, wo: place.city, umkreis: '25', seit: '7d', einsatz: 'zeitraum', von: from, bis: to };
  assert.deepEqual(await formOnScreen(page), saved);
  await page.screenshot({ path: join(await artifactsDir(), 'alert-search-opened.png'), fullPage: true });

  // The digest's "Alle Treffer ansehen": the same search. The mail needs a hit, so this alert's
  // window starts at the epoch and its shift dates are dropped from the stored filter.
  const confirm = await waitForMail(email, { subject: 'Bitte bestätige deinen Job-Alert' });
  await page.goto(linksIn(confirm, '/job-alert-bestaetigen/')[0]);
  await page.getByText(/ist bestätigt/).waitFor();
  await sql(
    "UPDATE job_alerts SET matched_until = '2000-01-01', next_run_at = now(), " +
      "search_query = regexp_replace(search_query, '&shifts(From|To)=[0-9-]+', '', 'g'), shifts_from = NULL, shifts_to = NULL WHERE title = :'p1'",
    title,
  );
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('JOBHAFEN_E2E_')));
  await run(JOBHAFEN, ['worker', 'alerts', '--once'], { env });
  const digest = await waitForMail(email, { subject: `Neue Jobs für deinen Job-Alert „${title}“` });
  const all = /Alle Treffer: (\S+)/.exec(digest.text)?.[1];
  assert.ok(all, `no "Alle Treffer" link in the digest: ${digest.text}`);
  await page.goto(all);
  assert.deepEqual(await formOnScreen(page), { ...saved, einsatz: '', von: '', bis: '' });
  assert.deepEqual(pageErrors(), []);
});

test('an address that does not exist answers 404 before any script runs', async () => {
  const { page } = desk;
  for (const path of ['/gibtesnicht-xyz', '/gibtesnicht/xyz']) {
    const response = await page.goto(url(path));
    assert.equal(response.status(), 404, path);
    assert.match(await response.text(), /<meta name="robots" content="noindex">/, path);
    await page.getByRole('heading', { name: 'Seite nicht gefunden' }).waitFor();
  }
});

test('on a 390 px phone: shifts, calendar link, account menu and navigation fit; the job page says when you applied', async () => {
  const { page, pageErrors } = phone;
  await page.setViewportSize({ width: 390, height: 844 });
  const dir = await artifactsDir();
  await registerConfirmedCandidate(page, newEmail('phone'));

  // The calendar box: the design's buttons, a one-tap subscription, nothing wider than the phone.
  await page.goto(url('/meine-einsaetze'));
  await page.getByRole('heading', { level: 1, name: 'Meine Einsätze' }).waitFor();
  const create = page.getByRole('button', { name: 'Kalender-Link erstellen' });
  assert.ok((await create.boundingBox()).height >= 44, 'the calendar button is a 44 px target');
  await create.click();
  const subscribe = page.getByRole('link', { name: 'Im Kalender abonnieren' });
  await subscribe.waitFor();
  assert.match(await subscribe.getAttribute('href'), /^webcal:\/\/.+\/api\/calendar\/[\w-]{43}\.ics$/);
  assert.ok((await subscribe.boundingBox()).height >= 44);
  assert.equal(await sidewaysOverflow(page), 0, '/meine-einsaetze scrolls sideways');
  await page.screenshot({ path: join(dir, 'my-shifts-calendar-390.png'), fullPage: true });

  // The heading fits without a word cut in two; the account navigation is folded and fits.
  await page.goto(url('/meine-arbeitszeitgrenzen'));
  const h1 = page.getByRole('heading', { level: 1, name: 'Meine Arbeitszeitgrenzen' });
  await h1.waitFor();
  const brokenWords = await wordsCutAcrossLines(h1);
  assert.deepEqual(brokenWords, [], 'a word of the heading breaks across lines');
  assert.equal(await sidewaysOverflow(page), 0, '/meine-arbeitszeitgrenzen scrolls sideways');
  await page.screenshot({ path: join(dir, 'work-limits-390.png'), fullPage: true });
  const nav = page.getByRole('navigation', { name: 'Mein Konto' }).last();
  await nav.getByText('Mein Konto: Meine Arbeitszeitgrenzen').click();
  await nav.getByRole('link', { name: 'Meine Einsätze' }).waitFor();
  assert.ok((await nav.boundingBox()).width <= 390, 'the account navigation is wider than the phone');
  assert.equal(await sidewaysOverflow(page), 0, 'the unfolded account navigation scrolls sideways');
  await page.screenshot({ path: join(dir, 'account-nav-390.png'), fullPage: true });

  // The hamburger menu has both pages.
  await page.getByRole('button', { name: 'Menü öffnen' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menü' });
  await drawer.getByRole('link', { name: 'Meine Einsätze' }).waitFor();
  await drawer.getByRole('link', { name: 'Meine Arbeitszeitgrenzen' }).waitFor();
  await page.keyboard.press('Escape');
  await drawer.waitFor({ state: 'detached' });

  // The job page after applying: when, not "Jetzt bewerben".
  await fillDataForApplying(page);
  const { job } = await jobWithPlace();
  const applied = await page.evaluate(
    async ([id, location]) =>
      (await fetch(`/api/job_postings/${id}/apply`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ notes: '', locations: [location] }) })).status,
    [job.id, job.locations[0].id],
  );
  assert.equal(applied, 201);
  await page.goto(url(`/jobs/${job.slug}`));
  const today = new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date());
  await page.getByText(`Du hast dich am ${today} beworben.`).waitFor();
  assert.equal(await page.getByRole('link', { name: /^Jetzt bewerben/ }).count(), 0);
  await page.screenshot({ path: join(dir, 'job-applied-390.png') });

  await page.goto(url('/meine-job-alerts'));
  await page.getByRole('heading', { level: 1, name: 'Meine Job-Alerts' }).waitFor();
  assert.equal(await sidewaysOverflow(page), 0);
  await page.screenshot({ path: join(dir, 'alert-list-390.png'), fullPage: true });
  assert.deepEqual(pageErrors(), []);
});
