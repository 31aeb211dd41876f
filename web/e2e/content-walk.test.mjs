// End to end: a visitor who clicks through the site. Starting at the start page, the walk follows
// every internal link breadth-first and opens at least 200 pages of the shipped content; none may
// show the error view, answer an API request with 400 or more, or log a script or console error.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BASE_URL, giveConsent, openBrowser, url } from './browser.mjs';

const MIN_PAGES = 200;
const MAX_PAGES = 260;
// Job pages are walked too, but only a few of the thousands, so the walk covers the content.
const MAX_JOB_PAGES = 15;
// Links a visitor may follow that are not pages of the app.
const SKIP = [/^\/api\//, /^\/_ipx\//, /^\/content-images\//, /\.xml$/, /\.txt$/];
// Account pages ask a visitor to sign in (their API answers 401 by design): a separate test covers them.
const ACCOUNT = /^\/(mein|meine|meinen)-|^\/myInvoices/;
// The answers a visitor gets by design: nobody is signed in.
// The provider portal's sign-in page asks for the organization member the same way.
const EXPECTED_FAILURES = [/\/api\/candidate_accounts\/me(\?|$)/, /\/api\/organization_members\/me(\?|$)/, /\/api\/token\/refresh/];

function pathOf(href) {
  const target = new URL(href, BASE_URL);
  if (target.origin !== new URL(BASE_URL).origin) return null;
  const path = decodeURI(target.pathname).replace(/\/$/, '') || '/';
  if (SKIP.some((re) => re.test(path)) || ACCOUNT.test(path)) return null;
  return path;
}

// Pages are opened in this many tabs at once: each page waits for a quiet network (half a second
// without requests), which one tab at a time spent idle for most of the walk.
const TABS = 3;

test(`the walk from the start page opens at least ${MIN_PAGES} pages, none with an error`, { timeout: 30 * 60_000 }, async () => {
  const browser = await openBrowser();
  const { context } = browser;
  await giveConsent(context);
  const failures = [];
  const queue = ['/'];
  const seen = new Set(queue);
  const visited = [];
  let started = 0;
  let inFlight = 0;
  let jobPages = 0;

  // A tab of the walk: its own page, the path it shows and the script errors it raised.
  async function tab(page) {
    let current = '/';
    const errors = [];
    page.setDefaultTimeout(30_000);
    page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(`console: ${message.text()}`);
    });
    page.on('response', (response) => {
      const address = response.url();
      if (response.status() >= 400 && !EXPECTED_FAILURES.some((re) => re.test(address))) {
        failures.push(`${current}: ${response.status()} ${address.replace(BASE_URL, '')}`);
      }
    });
    page.on('requestfailed', (request) => {
      // A request the page itself cancels when it navigates on is not a failure.
      if (request.failure()?.errorText !== 'net::ERR_ABORTED') failures.push(`${current}: failed ${request.url()}`);
    });
    for (;;) {
      if (started >= MAX_PAGES) return;
      if (queue.length === 0) {
        if (inFlight === 0) return;   // nothing left to find: the other tabs are done too
        await new Promise((r) => setTimeout(r, 50));   // another tab's page may add links
        continue;
      }
      current = queue.shift();
      started += 1;
      inFlight += 1;
      try {
        await visit(page, current, errors);
      } finally {
        inFlight -= 1;
      }
    }
  }

  async function visit(page, path, errors) {
    const errorsBefore = errors.length;
    const response = await page.goto(url(path), { waitUntil: 'domcontentloaded' });
    assert.ok(response && response.status() < 400, `${path}: the page answers ${response?.status()}`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');
    await page.getByText('Seite wird geladen …').waitFor({ state: 'detached' });
    visited.push(path);
    const errorView = await page.locator('[data-error-view]').count();
    assert.equal(errorView, 0, `${path} shows the error view`);
    assert.deepEqual(errors.slice(errorsBefore), [], `${path}: script or console errors`);
    const hrefs = await page.$$eval('a[href]', (links) => links.map((a) => a.getAttribute('href')));
    for (const href of hrefs) {
      if (!href || href.startsWith('#') || href.startsWith('?') || /^(mailto|tel|javascript):/.test(href)) continue;
      const next = pathOf(href);
      if (!next || seen.has(next)) continue;
      if (/^\/jobs\/[^/]+$/.test(next) && !['/jobs/suche', '/jobs/job-nicht-gefunden'].includes(next)) {
        if (jobPages >= MAX_JOB_PAGES) continue;
        jobPages += 1;
      }
      seen.add(next);
      queue.push(next);
    }
  }

  try {
    const pages = [browser.page];
    for (let i = 1; i < TABS; i += 1) pages.push(await context.newPage());
    await Promise.all(pages.map(tab));
    assert.deepEqual(failures, [], 'failed requests');
    assert.ok(visited.length >= MIN_PAGES, `only ${visited.length} pages reachable from the start page: ${visited.join(' ')}`);
    // The first tab is the browser's own page: its errors (collected by openBrowser) are none too.
    assert.deepEqual(browser.pageErrors(), []);
  } finally {
    await browser.close();
  }
});
