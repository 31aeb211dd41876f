// End to end: the start page in a real browser against the real server.
// Run: JOBHAFEN_E2E_BASE_URL=http://127.0.0.1:18080 npm run e2e
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { artifactsDir, openBrowser, url } from './browser.mjs';

let browser;

before(async () => {
  browser = await openBrowser();
});

after(async () => {
  await browser?.close();
});

test('start page: German hero, search to /jobs, screenshots at 390 and 1440 px', async () => {
  const { page, errors } = browser;
  const dir = await artifactsDir();

  const response = await page.goto(url('/'));
  assert.equal(response?.status(), 200);

  const hero = page.getByRole('heading', { level: 1 });
  assert.equal((await hero.textContent())?.trim(), 'Finde deinen nächsten Job');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'de');
  assert.equal(await page.title(), 'Jobhafen – Promotionjobs, Messejobs und Eventjobs');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: join(dir, 'home-390.png'), fullPage: true });
  // Nothing may stick out sideways on a phone.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  assert.equal(overflow, 0, 'the start page scrolls horizontally at 390 px');

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: join(dir, 'home-1440.png'), fullPage: true });

  await page.getByLabel('Was?').fill('Promotion');
  await page.getByLabel('Wo?').fill('München');
  await page.getByRole('button', { name: 'Jobs finden' }).click();

  const resultHeading = page.getByRole('heading', {
    level: 1,
    name: 'Jobs für „Promotion“ in München',
  });
  await resultHeading.waitFor();
  const location = new URL(page.url());
  assert.equal(location.pathname, '/jobs');
  assert.equal(location.searchParams.get('was'), 'Promotion');
  assert.equal(location.searchParams.get('wo'), 'München');
  await page.screenshot({ path: join(dir, 'jobs-1440.png'), fullPage: true });

  // Reloading the result URL must work too (the server answers it with index.html).
  await page.reload();
  await resultHeading.waitFor();

  assert.deepEqual(errors, []);
});
