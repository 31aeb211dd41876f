// End to end: the shell in a real browser against the real server — cookie banner, menu width
// logic, mobile drawer, start page screenshots and accessibility.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { artifactsDir, giveConsent, openBrowser, seriousA11yViolations, url } from './browser.mjs';

test('cookie banner appears once and stays away after "Nur notwendige"', async () => {
  const browser = await openBrowser();
  try {
    const { page, pageErrors } = browser;
    const response = await page.goto(url('/'));
    assert.equal(response?.status(), 200);
    const banner = page.getByRole('region', { name: 'Cookies und Datenschutz' });
    await banner.waitFor();
    // Both choices are equally easy: two buttons of the same size.
    // Measured in one task of the page: React may replace the server's copy of the banner with its own at any moment.
    const sizes = await page.evaluate(() => {
      const region = [...document.querySelectorAll('section')].find((s) => s.querySelector('h2')?.textContent === 'Cookies und Datenschutz');
      return [...(region?.querySelectorAll('button') ?? [])].map((button) => {
        const { width, height } = button.getBoundingClientRect();
        return { text: button.textContent?.trim(), width, height };
      });
    });
    assert.deepEqual(sizes.map((s) => s.text), ['Nur notwendige', 'Alle akzeptieren']);
    const [a, b] = sizes;
    assert.ok(a.width > 0 && Math.abs(a.width - b.width) < 2 && Math.abs(a.height - b.height) < 2, `the two buttons differ in size: ${JSON.stringify(sizes)}`);
    const required = banner.getByRole('button', { name: 'Nur notwendige' });
    await required.click();
    await banner.waitFor({ state: 'detached' });

    const cookies = await browser.context.cookies(url('/'));
    const consent = cookies.find((c) => c.name === 'cookie_consent');
    assert.ok(consent, 'no consent cookie stored');
    assert.deepEqual(
      (({ choice, version }) => ({ choice, version }))(JSON.parse(decodeURIComponent(consent.value))),
      { choice: 'required', version: 2 },
    );

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Jobs, die zu deinem Leben passen' }).waitFor();
    await page.goto(url('/jobs'));
    await page.getByRole('heading', { level: 1 }).waitFor();
    assert.equal(await banner.count(), 0, 'the banner came back');

    // The footer link brings it back.
    await page.getByRole('contentinfo').getByRole('button', { name: 'Cookie-Einstellungen' }).click();
    await banner.waitFor();
    assert.deepEqual(pageErrors(), []);
  } finally {
    await browser.close();
  }
});

test('the cookie banner says "Sie" on the providers\' pages, in the server\'s copy and in the app\'s', async () => {
  // Without scripts the server's copy is in the HTML (hidden then: its buttons need the app).
  const plain = await openBrowser({ javaScriptEnabled: false });
  try {
    await plain.page.goto(url('/recruiting'));
    const copy = await plain.page.locator('#jh-consent-banner').textContent();
    assert.match(copy, /Mit Ihrer Zustimmung/);
    assert.doesNotMatch(copy, /\b(du|deine?)\b/i);
    await plain.page.goto(url('/jobs'));
    assert.match(await plain.page.locator('#jh-consent-banner').textContent(), /Du kannst deine Wahl/);
  } finally {
    await plain.close();
  }
  const browser = await openBrowser();
  try {
    const { page } = browser;
    await page.goto(url('/recruiting'));
    const banner = page.getByRole('region', { name: 'Cookies und Datenschutz' });
    await banner.getByText(/Mit Ihrer Zustimmung/).waitFor();
    assert.doesNotMatch(await banner.innerText(), /\b(du|deine?)\b/i);
    await page.goto(url('/jobs'));
    await banner.getByText(/Du kannst deine Wahl/).waitFor();
  } finally {
    await browser.close();
  }
});

test('main menu shows 5 items at 1400 px and 2 at 1000 px', async () => {
  const browser = await openBrowser({ viewport: { width: 1400, height: 900 } });
  try {
    const { page } = browser;
    await giveConsent(browser.context);
    await page.goto(url('/'));
    const nav = page.getByRole('navigation', { name: 'Hauptmenü' });
    await nav.waitFor();
    // The server's candidate menu (GET /api/content/menus) has five entries: all fit at 1400 px.
    assert.equal(await nav.locator('[data-menu-item]').count(), 5);

    await page.setViewportSize({ width: 1000, height: 800 });
    // The count follows 200 ms after the last resize.
    await page.waitForFunction(() => document.querySelectorAll('nav[aria-label="Hauptmenü"] [data-menu-item]').length === 2);
    assert.equal(await nav.locator('[data-menu-item]').count(), 2);
    await nav.getByRole('button', { name: /Mehr/ }).click();
    await nav.getByRole('link', { name: 'Jobanbieter' }).waitFor();
  } finally {
    await browser.close();
  }
});

test('mobile drawer at 390 px: menu, sign-in, scroll lock, Escape closes it', async () => {
  const browser = await openBrowser({ viewport: { width: 390, height: 844 } });
  try {
    const { page, pageErrors } = browser;
    await giveConsent(browser.context);
    await page.goto(url('/'));
    assert.equal(await page.getByRole('navigation', { name: 'Hauptmenü' }).isVisible(), false, 'desktop menu visible at 390 px');
    // Footer panels are collapsed on a phone. The start page comes prerendered (drawn as on a
    // desktop, below the fold on a phone) and collapses them once React has taken it over.
    const panels = page.getByRole('contentinfo').locator('details');
    assert.ok((await panels.count()) >= 4);
    await page.getByRole('contentinfo').locator('details[open]').first().waitFor({ state: 'detached', timeout: 10_000 }).catch(() => {});
    assert.equal(await page.getByRole('contentinfo').locator('details[open]').count(), 0, 'footer panels open at 390 px');
    const burger = page.getByRole('button', { name: 'Menü öffnen' });
    await burger.click();
    const drawer = page.getByRole('dialog', { name: 'Menü' });
    await drawer.waitFor();
    await drawer.getByRole('link', { name: 'Alle Jobs' }).waitFor();
    await drawer.getByRole('link', { name: 'Anmelden' }).waitFor();
    await drawer.getByRole('link', { name: 'Zum Bereich für Arbeitgeber' }).waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.style.overflow), 'hidden', 'page scrolls behind the drawer');
    await page.screenshot({ path: join(await artifactsDir(), 'drawer-390.png') });
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    assert.equal(await page.evaluate(() => document.documentElement.style.overflow), '');
    // Focus goes back to the button that opened it.
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'Menü öffnen');

    await burger.click();
    await drawer.getByRole('link', { name: 'Promotionjobs' }).click();
    await page.getByRole('heading', { level: 1, name: 'Promotionjobs' }).waitFor();
    assert.equal(await drawer.count(), 0, 'drawer stays open after navigating');
    assert.deepEqual(pageErrors(), []);
  } finally {
    await browser.close();
  }
});

test('start page: German, no sideways scrolling, screenshots at 390 and 1440 px, no serious axe findings', async () => {
  const browser = await openBrowser();
  try {
    const { page, pageErrors } = browser;
    await giveConsent(browser.context);
    const dir = await artifactsDir();
    await page.goto(url('/'));
    await page.getByRole('heading', { level: 1, name: 'Jobs, die zu deinem Leben passen' }).waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'de');
    // The server's title and the one React keeps are the same, before and after it takes over.
    assert.equal(await page.title(), 'Promotionjobs, Messejobs und Eventjobs | Jobhafen');
    // The current jobs of the start page's job box, from the seeded data.
    await page.getByRole('heading', { name: 'Aktuelle Jobs' }).waitFor();
    // Footer panels are open on a wide screen.
    const panels = page.getByRole('contentinfo').locator('details');
    assert.equal(await page.getByRole('contentinfo').locator('details[open]').count(), await panels.count());
    await page.locator('[data-job-id]').first().waitFor();
    assert.equal(await page.title(), 'Promotionjobs, Messejobs und Eventjobs | Jobhafen', 'React keeps the server\'s title');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: join(dir, 'home-390.png'), fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.equal(overflow, 0, 'the start page scrolls sideways at 390 px');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.screenshot({ path: join(dir, 'home-1440.png'), fullPage: true });

    assert.deepEqual(await seriousA11yViolations(page), []);

    // The sign-in button opens the check-email dialog, which asks the real API.
    await page.getByRole('link', { name: 'Anmelden' }).click();
    const dialog = page.getByRole('dialog', { name: 'Anmelden oder registrieren' });
    await dialog.waitFor();
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('type')), 'email', 'focus is not in the dialog');
    await dialog.getByLabel('E-Mail-Adresse').fill(`neu-${Date.now()}@example.org`);
    await dialog.getByRole('button', { name: 'Weiter' }).click();
    await page.getByRole('dialog', { name: 'Kostenlos registrieren' }).getByLabel('Vorname').waitFor();
    assert.deepEqual(await seriousA11yViolations(page), []);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    assert.equal(new URL(page.url()).searchParams.has('login'), false);
    assert.deepEqual(pageErrors(), []);
  } finally {
    await browser.close();
  }
});

test('shell: service worker at the root, visitor id, page-view tracking, offline alert, search popover', async () => {
  const browser = await openBrowser();
  try {
    const { page, context, pageErrors } = browser;
    // The visitor id, the campaign cookie and tracking need "Alle akzeptieren" (TDDDG § 25).
    await giveConsent(context, 'all');
    const tracked = page.waitForResponse((r) => r.url().endsWith('/api/webhook/page_viewed') && r.request().method() === 'POST');
    await page.goto(url('/?utm_source=newsletter&utm_campaign=herbst'));
    const answer = await tracked;
    assert.equal(answer.status(), 204);
    const body = JSON.parse(answer.request().postData());
    assert.equal(body.utm_source, 'newsletter');
    assert.equal(body.utm_campaign, 'herbst');

    const cookies = await context.cookies(url('/'));
    assert.match(cookies.find((c) => c.name === 'pb_visitor_id')?.value ?? '', /^[A-Za-z0-9]{16}$/);
    assert.ok(cookies.find((c) => c.name === 'pb_last_click'), 'no campaign cookie');

    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    assert.equal(new URL(scope).pathname, '/');

    await context.setOffline(true);
    await page.getByRole('alert').filter({ hasText: 'Du bist offline' }).waitFor();
    await context.setOffline(false);
    await page.getByRole('alert').filter({ hasText: 'Du bist offline' }).waitFor({ state: 'detached' });

    // The search popover of the app bar searches like the start page.
    await page.getByRole('button', { name: 'Jobsuche öffnen' }).click();
    const popover = page.getByRole('banner').getByRole('search', { name: 'Jobsuche' });
    await popover.getByLabel('Was?').fill('Hostess');
    await popover.getByRole('button', { name: 'Jobs finden' }).click();
    await page.getByRole('heading', { level: 1, name: 'Jobs für „Hostess“' }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/jobs/suche');
    assert.deepEqual(pageErrors(), []);
  } finally {
    await browser.close();
  }
});
