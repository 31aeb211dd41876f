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
