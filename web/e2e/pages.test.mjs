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

test('app bars: the main menu never runs into the buttons, from 960 to 1920 px', async () => {
  const browser = await openBrowser();
  try {
    const { page } = browser;
    await giveConsent(browser.context);
    for (const [path, button] of [['/', 'Anmelden'], ['/recruiting', 'Login']]) {
      for (const width of [960, 1099, 1100, 1359, 1360, 1399, 1400, 1799, 1800, 1920]) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(url(path));
        const nav = page.getByRole('navigation', { name: 'Hauptmenü' });
        await nav.waitFor();
        const menu = await nav.boundingBox();
        // The bar's own button comes after the menu (whose content may carry a link of the same name).
        const action = await page.getByRole('banner').getByRole('link', { name: button, exact: true }).last().boundingBox();
        assert.ok(menu && action, `${path} at ${width} px: menu or "${button}" missing`);
        // The buttons sit in the element after the menu's container; its left edge is the first
        // visible button's.
        const { menuRight, buttonsLeft } = await nav.evaluate((el) => ({
          menuRight: Math.max(...[...el.querySelectorAll('li')].map((li) => li.getBoundingClientRect().right)),
          buttonsLeft: el.parentElement.nextElementSibling.getBoundingClientRect().left,
        }));
        assert.ok(menuRight <= buttonsLeft, `${path} at ${width} px: the menu (to ${menuRight}) runs into the buttons (from ${buttonsLeft})`);
        assert.ok(action.x >= buttonsLeft);
      }
    }
  } finally {
    await browser.close();
  }
});
