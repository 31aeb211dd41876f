// End to end: every kind of public page opens at 360 px without sideways scrolling and without
// script errors, with a German heading — also while the content API has no data yet.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { giveConsent, openBrowser, url } from './browser.mjs';

const PAGES = [
  '/',
  '/jobs',
  '/jobs/suche',
  '/jobs/suche-als/promotion/verkostung',
  '/jobs/suche-nach/hostess',
  '/jobs/job-nicht-gefunden',
  '/jobs-stadt',
  '/jobs-stadt/koeln',
  '/jobs-taetigkeit',
  '/eventjobs',
  '/gastrojobs/berlin',
  '/jobanbieter',
  '/messen-events',
  '/tipps-faq',
  '/wiki',
  '/impressum',
  '/meine-favoriten',
  '/oauthError?provider=google&code=100',
  '/recruiting',
  '/recruiting/hr-wissen',
  '/recruiting/stellenanzeigen-pakete',
];

test('public pages at 360 px: a heading, no sideways scrolling, no script errors', async () => {
  const browser = await openBrowser({ viewport: { width: 360, height: 740 } });
  try {
    const { page, pageErrors } = browser;
    await giveConsent(browser.context);
    for (const path of PAGES) {
      const response = await page.goto(url(path));
      assert.equal(response?.status(), 200, path);
      const heading = page.getByRole('heading', { level: 1 });
      await heading.first().waitFor();
      // Lazy content (jobs, content API answers) settles before measuring.
      await page.waitForLoadState('networkidle');
      const text = (await heading.first().textContent()).trim();
      assert.ok(text.length > 3, `${path}: empty heading`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.equal(overflow, 0, `${path} scrolls sideways at 360 px`);
    }
    assert.deepEqual(pageErrors(), []);
  } finally {
    await browser.close();
  }
});
