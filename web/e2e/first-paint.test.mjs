// End to end: a prerendered public page (web/scripts/prerender.mjs) shows its main content from the
// HTML alone, with JavaScript off; with JavaScript on, React takes the page over without a
// hydration error and its links move inside the app.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { apiJson, giveConsent, openBrowser, url } from './browser.mjs';

// React's messages (and production error codes 418, 422, 423, 425) when hydration does not match.
const HYDRATION_ERROR = /hydrat|did not match|Minified React error #(418|422|423|425)/i;

async function heroOf(slug) {
  const page = await apiJson(`/api/content/pages/by-slug/${slug}`);
  assert.equal(page.status, 200, `content page ${slug}`);
  const hero = page.body.sections[0];
  return { title: hero.title ?? hero.base_data.title, subline: hero.subline, meta: page.body.meta.title };
}

test('without JavaScript a prerendered page shows its heading and text', async () => {
  const home = await heroOf('home');
  const about = await heroOf('ueber-uns');
  const browser = await openBrowser({ javaScriptEnabled: false, bypassCSP: false });
  try {
    const response = await browser.page.goto(url('/'));
    assert.equal(response.status(), 200);
    assert.equal((await browser.page.getByRole('heading', { level: 1 }).textContent()).trim(), home.title);
    assert.ok(await browser.page.getByText(home.subline).isVisible(), 'the hero text is in the HTML');
    assert.ok(await browser.page.locator('[data-section="homepage-search-buttons"] a[href="/promotionjobs"]').isVisible(), 'links are real links');
    await browser.page.goto(url('/ueber-uns'));
    assert.equal((await browser.page.getByRole('heading', { level: 1 }).textContent()).trim(), about.title);
    // The page's own head stays: the server put its title on the prerendered HTML.
    assert.equal(await browser.page.title(), `${about.meta} | Jobhafen`);
  } finally {
    await browser.close();
  }
});

test('with JavaScript the prerendered page hydrates without an error and its links work', async () => {
  const browser = await openBrowser({ bypassCSP: false });
  const messages = [];
  browser.page.on('console', (m) => messages.push(`${m.type()}: ${m.text()}`));
  browser.page.on('pageerror', (e) => messages.push(`pageerror: ${e.message}`));
  try {
    await giveConsent(browser.context);
    for (const path of ['/', '/ueber-uns', '/recruiting/stellenanzeigen-pakete', '/promotionjobs']) {
      await browser.page.goto(url(path));
      await browser.page.waitForLoadState('networkidle');
    }
    assert.deepEqual(messages.filter((m) => HYDRATION_ERROR.test(m)), [], 'no hydration error');
    // A link of the hydrated start page moves inside the app (no new document: the marker stays).
    await browser.page.goto(url('/'));
    await browser.page.waitForLoadState('networkidle');
    await browser.page.evaluate(() => { window.__sameDocument = true; });
    await browser.page.locator('[data-section="homepage-search-buttons"] a[href="/messejobs"]').click();
    await browser.page.waitForURL(url('/messejobs'));
    await browser.page.getByRole('heading', { level: 1 }).first().waitFor();
    assert.equal(await browser.page.evaluate(() => window.__sameDocument), true, 'the app handled the link');
    assert.deepEqual(browser.pageErrors(), []);
  } finally {
    await browser.close();
  }
});

// The job list and a job detail: the server draws their main content into the HTML
// (actors/content/job_paint.h); the app shows it until its own page is drawn.
async function firstJobs() {
  const list = await apiJson('/api/job_postings?isPublished=1&itemsPerPage=20&page=1');
  assert.equal(list.status, 200);
  return list.body['hydra:member'];
}

test('without JavaScript the job list shows the first page of jobs and a job detail its text', async () => {
  const jobs = await firstJobs();
  // The first job of the page with a text (other tests publish bare ads set up in the database).
  let detail, slug;
  for (const job of jobs) {
    slug = job.slug;
    detail = await apiJson(`/api/job_postings/slug/${slug}`);
    if (detail.body.description?.trim()) break;
  }
  assert.ok(detail.body.description?.trim(), 'no job of the first page has a description');
  const browser = await openBrowser({ javaScriptEnabled: false, bypassCSP: false, viewport: { width: 412, height: 823 } });
  try {
    const response = await browser.page.goto(url('/jobs'));
    assert.equal(response.status(), 200);
    assert.equal((await browser.page.getByRole('heading', { level: 1 }).textContent()).trim(), 'Alle Jobs');
    const titles = (await browser.page.locator('[data-server-paint] h2 a').allTextContents()).map((t) => t.trim());
    assert.deepEqual(titles, jobs.map((j) => j.title), 'the first page of the list, in the API\'s order');
    // Without scripts the first visit's cookie banner (whose buttons need them) stays hidden.
    assert.equal(await browser.page.locator('#jh-consent-banner').isVisible(), false);
    // The cards' links are real links: following one shows the detail, drawn by the server too.
    await browser.page.locator(`[data-server-paint] h2 a[href="/jobs/${slug}"]`).click();
    await browser.page.waitForURL(url(`/jobs/${slug}`));
    assert.equal((await browser.page.getByRole('heading', { level: 1 }).textContent()).trim(), detail.body.title);
    const firstLine = detail.body.description.split('\n').map((l) => l.replace(/^[-*•] /, '').trim()).find(Boolean);
    assert.ok(await browser.page.locator('[data-server-paint-text]').getByText(firstLine, { exact: false }).first().isVisible(), 'the description is in the HTML');
    if (detail.body.organization?.name) assert.ok((await browser.page.locator('[data-server-paint]').textContent()).includes(detail.body.organization.name));
  } finally {
    await browser.close();
  }
});

test('with JavaScript the job pages start without an error, the app takes over and a card opens its detail', async () => {
  const jobs = await firstJobs();
  const browser = await openBrowser({ bypassCSP: false, viewport: { width: 412, height: 823 } });
  try {
    // A first visit: the server's copy of the cookie banner gives way to the app's, never two.
    const response = await browser.page.goto(url('/jobs'));
    assert.ok((await response.text()).includes('id="jh-consent-banner"'), 'the first visit gets the banner with the HTML');
    // The app removes the server's copy when it draws its own; under load that can come after the
    // network is idle, so the test waits for the state (a banner that never goes fails the wait).
    await browser.page.locator('#jh-consent-banner').waitFor({ state: 'detached' });
    await browser.page.getByRole('button', { name: 'Nur notwendige' }).click();
    assert.equal(await browser.page.getByRole('heading', { name: 'Cookies und Datenschutz' }).count(), 0);

    await browser.page.goto(url('/jobs'));
    // The app's list (its search form is the app's, the server draws none), not the server's picture.
    await browser.page.locator('[data-server-paint]').first().waitFor({ state: 'detached' });
    assert.ok(await browser.page.getByRole('button', { name: 'Jobs finden' }).first().isVisible(), 'the search form is there');
    const first = browser.page.locator(`article[data-job-id="${jobs[0].id}"] h2 a`);
    assert.equal((await first.textContent()).trim(), jobs[0].title);
    await browser.page.evaluate(() => { window.__sameDocument = true; });
    await first.click();
    await browser.page.waitForURL(url(`/jobs/${jobs[0].slug}`));
    await browser.page.getByRole('link', { name: /Jetzt bewerben/ }).waitFor();
    assert.equal(await browser.page.evaluate(() => window.__sameDocument), true, 'the app opened the detail');

    // A detail opened directly: the app's page replaces the server's picture.
    await browser.page.goto(url(`/jobs/${jobs[1].slug}`));
    await browser.page.locator('[data-server-paint]').first().waitFor({ state: 'detached' });
    assert.equal((await browser.page.getByRole('heading', { level: 1 }).textContent()).trim(), jobs[1].title);
    assert.ok(await browser.page.getByRole('button', { name: 'Teilen' }).isVisible(), 'the app\'s actions are there');
    assert.deepEqual(browser.pageErrors(), []);
  } finally {
    await browser.close();
  }
});
