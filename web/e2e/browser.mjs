// Shared set-up for the end-to-end tests: Debian's chromium (its headless shell) driven by
// playwright-core (no browser download), one chromium per test file and a fresh browser context
// (cookies, storage and cache of their own, like a new profile) for each "browser" a test opens.
//
//   const browser = await openBrowser();
//   await browser.page.goto(url('/'));
//   ...
//   await browser.close();
import './stack.mjs'; // first: the settings of this file's server stack
import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

// Debian's chromium-headless-shell: the same Chromium (Blink, V8, the same version as
// /usr/bin/chromium) without the full browser that `--headless` runs in /usr/bin/chromium since
// version 132. It is what Playwright itself drives for headless tests; here it took a third less
// processor time for the same files (docs/decisions.md, "The browser tests in Chromium's headless
// shell"). JOBHAFEN_E2E_CHROMIUM=/usr/bin/chromium runs them in the full browser.
const CHROMIUM = process.env.JOBHAFEN_E2E_CHROMIUM ?? '/usr/bin/chromium-headless-shell';

// Headless, and nothing that talks to the network on its own (updates, sync,
// QUIC probes) so tests only see the traffic of the site under test.
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The site under test; `ops/test` points this at the `jobhafen serve` it started. */
export const BASE_URL = (process.env.JOBHAFEN_E2E_BASE_URL ?? 'http://127.0.0.1:8080').replace(/\/$/, '');

export function url(path) {
  return BASE_URL + path;
}

/** Where screenshots go: $JOBHAFEN_E2E_ARTIFACTS, else web/e2e/artifacts (git-ignored). */
export async function artifactsDir() {
  const dir = process.env.JOBHAFEN_E2E_ARTIFACTS
    ? resolve(process.env.JOBHAFEN_E2E_ARTIFACTS)
    : fileURLToPath(new URL('./artifacts/', import.meta.url));
  await mkdir(dir, { recursive: true });
  return dir;
}

// One chromium for the file (started by its first browser, closed after its last test): a context
// of its own per browser is as separate as a new profile was (cookies, storage, cache, service
// workers), and the file no longer starts and stops a chromium with a fresh profile on disk for
// each one (docs/decisions.md, "One chromium per browser-test file").
let chromiumOfTheFile = null;
function fileChromium() {
  chromiumOfTheFile ??= chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  return chromiumOfTheFile;
}
after(async () => {
  if (chromiumOfTheFile) await (await chromiumOfTheFile).close();
});

/**
 * Opens a browser of its own (a fresh context: no cookies or storage of another test) and returns
 * its first page. Page errors and console errors are collected in `errors` so a test can assert
 * there were none.
 */
export async function openBrowser({ viewport = { width: 1440, height: 900 }, javaScriptEnabled = true, bypassCSP = true } = {}) {
  const context = await (await fileChromium()).newContext({
    viewport,
    locale: 'de-DE',
    // axe-core is injected as an inline script, which the site's CSP rightly refuses.
    bypassCSP,
    javaScriptEnabled,
    timezoneId: 'Europe/Berlin',
  });
  const page = await context.newPage();
  // Every wait (a click's target, an element, a navigation) up to 30 s, Playwright's own default:
  // a wait returns as soon as the thing is there, and the C++ sanitizer tests run beside the
  // browser tests (ops/test): a slow moment of the machine must not fail a test.
  page.setDefaultTimeout(30_000);

  const errors = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });

  return {
    context,
    page,
    errors,
    /** Errors other than the browser's note on a non-2xx answer (a visitor's 401 on /me, a 404). */
    pageErrors: () => errors.filter((e) => !e.startsWith('console: Failed to load resource')),
    async close() {
      await context.close();
    },
  };
}

/**
 * A consent cookie as "Nur notwendige" leaves it (or "Alle akzeptieren" with choice 'all'), so the
 * banner does not cover the page.
 */
export async function giveConsent(context, choice = 'required') {
  const value = encodeURIComponent(JSON.stringify({ choice, version: 2, timestamp: Date.now() }));
  await context.addCookies([{ name: 'cookie_consent', value, url: BASE_URL }]);
}

/**
 * Opens `count` browsers with the consent cookie set ("Nur notwendige") before the file's tests
 * and closes them after; `got` receives them (a file's tests use them by name, e.g. provider and
 * candidate).
 */
export function browsersForTheFile(count, got) {
  const list = [];
  before(async () => {
    for (let i = 0; i < count; i++) {
      const browser = await openBrowser();
      list.push(browser);
      await giveConsent(browser.context);
    }
    got(...list);
  });
  after(async () => {
    for (const browser of list) await browser.close();
  });
}

/**
 * Runs `run` with a fresh browser whose consent cookie is set ("Nur notwendige"), then asserts the
 * page raised no error and closes the browser whatever happened.
 */
export async function withBrowser(run, options) {
  const browser = await openBrowser(options);
  try {
    await giveConsent(browser.context);
    await run(browser);
    assert.deepEqual(browser.pageErrors(), []);
  } finally {
    await browser.close();
  }
}

/**
 * Runs axe-core (the npm package, injected into the page) and returns the violations of impact
 * "serious" or "critical", each as "rule: target" lines for a readable assertion message.
 */
export async function seriousA11yViolations(page) {
  const axePath = fileURLToPath(new URL('../node_modules/axe-core/axe.min.js', import.meta.url));
  await page.addScriptTag({ path: axePath });
  const violations = await page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.targets.join(', ')}`);
}

/** Fetches JSON from the API of the site under test (Node's fetch, not the page). */
export async function apiJson(path) {
  const response = await fetch(url(path));
  return { status: response.status, body: response.headers.get('content-type')?.includes('json') ? await response.json() : null };
}

/**
 * The layout shift a person sees while `path` loads in a new tab of `context` at `viewport`: the
 * sum of every layout-shift entry without recent input (at least Lighthouse's CLS, which takes the
 * worst window), counted until the network is quiet and half a second more.
 */
export async function layoutShiftOf(context, path, viewport = { width: 390, height: 844 }) {
  const page = await context.newPage();
  try {
    await page.setViewportSize(viewport);
    await page.addInitScript(() => {
      window.__layoutShift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__layoutShift += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(url(path));
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    return await page.evaluate(() => window.__layoutShift);
  } finally {
    await page.close();
  }
}

/** How many CSS pixels the page is wider than the window (0 when it does not scroll sideways). */
export function sidewaysOverflow(page) {
  return page.evaluate(() => Math.max(0, document.documentElement.scrollWidth - window.innerWidth));
}

/**
 * The words of `locator`'s text that a line break cuts in two ("Arbeitszeitgrenze/n"): each word's
 * Range rects lie on more than one line.
 */
export function wordsCutAcrossLines(locator) {
  return locator.evaluate((el) => {
    const broken = [];
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      for (const m of text.textContent.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(text, m.index);
        range.setEnd(text, m.index + m[0].length);
        const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        if (lines.size > 1) broken.push(m[0]);
      }
    }
    return broken;
  });
}
