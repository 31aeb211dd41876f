// End to end at 390 px (issue 29, "Phone layout"): no public page and no page of the provider
// portal scrolls sideways (scrollWidth ≤ innerWidth); each portal page shows its heading on the
// first screen (the portal menu is folded); the first visit of each kind of public page shifts its
// layout by at most 0.05 (CLS) whatever its content.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { apiJson, BASE_URL, giveConsent, layoutShiftOf, openBrowser, sidewaysOverflow, url } from './browser.mjs';
import { approvedOrganizationMember } from './provider.mjs';

const PHONE = { width: 390, height: 844 };
// Public pages found by following links from these, breadth first, up to this many.
const MAX_PUBLIC_PAGES = 60;
const MAX_JOB_PAGES = 5;
const SKIP = [/^\/api\//, /^\/_ipx\//, /^\/content-images\//, /\.xml$/, /\.txt$/, /^\/(mein|meine|meinen)-|^\/myInvoices/, /^\/recruiting\/portal/];

function pathOf(href) {
  const target = new URL(href, BASE_URL);
  if (target.origin !== new URL(BASE_URL).origin) return null;
  const path = decodeURI(target.pathname).replace(/\/$/, '') || '/';
  return SKIP.some((re) => re.test(path)) ? null : path;
}

/** The longest run of a text that a browser does not break (no blank, no hyphen), in characters. */
const longestUnbroken = (text) => Math.max(0, ...text.split(/[\s-]+/).map((part) => part.length));

/**
 * The slug of the organization whose website has the longest unbreakable run (the seed's
 * "www.bodenseekongress.example"): its facts once pushed the page 92 px past the phone, and the pages
 * the walk below reaches depend on what other tests made, so it is visited on purpose.
 */
async function organizationWithLongestWebsite() {
  let best = null;
  let bestRun = 0;
  for (let page = 1; page <= 20; page += 1) {
    const list = await apiJson(`/api/organizations?itemsPerPage=100&page=${page}`);
    const members = list.body?.['hydra:member'] ?? [];
    for (const o of members) {
      const run = o.website ? longestUnbroken(o.website.replace(/^https?:\/\//, '')) : 0;
      if (run > bestRun) [best, bestRun] = [o, run];
    }
    if (members.length < 100) break;
  }
  return best?.slug ?? null;
}

/** Opens `path`, waits for its heading and quiet network, and answers how far it scrolls sideways. */
async function overflowOf(page, path) {
  await page.goto(url(path), { waitUntil: 'domcontentloaded' });
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
  return sidewaysOverflow(page);
}

test('no public page scrolls sideways at 390 px', { timeout: 15 * 60_000 }, async () => {
  const browser = await openBrowser({ viewport: PHONE });
  const { page } = browser;
  await giveConsent(browser.context);
  try {
    const jobs = await apiJson('/api/job_postings?isPublished=1&itemsPerPage=1');
    const first = jobs.body['hydra:member'][0];
    const widest = await organizationWithLongestWebsite();
    const queue = ['/', '/jobs', '/jobs/suche', `/jobs/${first.slug}`, `/jobs-bewerbung/${first.slug}`, '/jobanbieter', '/recruiting', '/recruiting/hr-wissen', '/recruiting/wiki', '/recruiting/portal/anmelden'];
    if (widest) queue.push(`/jobanbieter/${widest}`);
    const seen = new Set(queue);
    const wide = [];
    let visited = 0;
    let jobPages = 0;
    while (queue.length > 0 && visited < MAX_PUBLIC_PAGES) {
      const path = queue.shift();
      const overflow = await overflowOf(page, path);
      visited += 1;
      if (overflow > 0) wide.push(`${path}: ${overflow} px`);
      for (const href of await page.$$eval('a[href]', (links) => links.map((a) => a.getAttribute('href')))) {
        if (!href || /^(#|\?|mailto:|tel:|javascript:)/.test(href)) continue;
        const next = pathOf(href);
        if (!next || seen.has(next)) continue;
        if (/^\/jobs\/[^/]+$/.test(next) && next !== '/jobs/suche') {
          if (jobPages >= MAX_JOB_PAGES) continue;
          jobPages += 1;
        }
        seen.add(next);
        queue.push(next);
      }
    }
    assert.deepEqual(wide, [], 'pages wider than the phone');
    assert.ok(visited >= 20, `only ${visited} pages`);
    assert.deepEqual(browser.pageErrors(), []);
  } finally {
    await browser.close();
  }
});

test('under "Ähnliche Jobs" a card\'s activities are chips, not bars as wide as the card', async () => {
  const browser = await openBrowser({ viewport: PHONE });
  const { page } = browser;
  await giveConsent(browser.context);
  try {
    const jobs = await apiJson('/api/job_postings?isPublished=1&itemsPerPage=5');
    let checked = false;
    for (const job of jobs.body['hydra:member']) {
      await page.goto(url(`/jobs/${job.slug}`));
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      const similar = page.getByRole('region', { name: 'Ähnliche Jobs' });
      if ((await similar.count()) === 0) continue;
      const chips = similar.getByRole('list', { name: 'Tätigkeiten' }).first().getByRole('listitem');
      if ((await chips.count()) === 0) continue;
      // A chip hugs its text (a long activity name may make it wide, never as wide as the card
      // when its text is not): its width is its text's plus its padding and border.
      const card = await similar.locator('article').first().boundingBox();
      const { width, text } = await chips.first().evaluate((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        return { width: el.getBoundingClientRect().width, text: range.getBoundingClientRect().width };
      });
      assert.ok(width <= text + 40, `a chip ${width} px wide around ${text} px of text`);
      if (text < card.width / 2) assert.ok(width < card.width / 2 + 40, `a chip ${width} px wide in a card of ${card.width} px`);
      checked = true;
      break;
    }
    assert.ok(checked, 'no similar job with activities among the first five jobs');
  } finally {
    await browser.close();
  }
});

test('the first visit of each kind of public page shifts its layout by at most 0.05 on a phone', { timeout: 5 * 60_000 }, async () => {
  const jobs = await apiJson('/api/job_postings?isPublished=1&itemsPerPage=1');
  const first = jobs.body['hydra:member'][0];
  const organizations = await apiJson('/api/organization_cards?itemsPerPage=1');
  const organization = organizations.body['hydra:member'][0];
  // No consent cookie: a first visitor, as Lighthouse measures.
  const browser = await openBrowser({ viewport: PHONE });
  try {
    const shifts = [];
    for (const path of ['/', '/jobs', `/jobs/${first.slug}`, `/jobanbieter/${organization.slug}`, '/recruiting', '/promotionjobs', '/ueber-uns']) {
      const shift = await layoutShiftOf(browser.context, path, PHONE);
      if (shift > 0.05) shifts.push(`${path}: ${shift.toFixed(3)}`);
    }
    assert.deepEqual(shifts, [], 'layout shift above 0.05');
  } finally {
    await browser.close();
  }
});

test('no portal page scrolls sideways at 390 px, and each shows its heading on the first screen', { timeout: 5 * 60_000 }, async () => {
  const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const email = `phone-${stamp}@example.org`;
  const password = 'Leuchtturm#2026';
  await approvedOrganizationMember({ email, password, company: `Hafenkante Veranstaltungsservice und Personalvermittlung ${stamp}` });
  const browser = await openBrowser({ viewport: PHONE });
  const { page } = browser;
  await giveConsent(browser.context);
  try {
    await page.goto(url('/recruiting/portal/anmelden'));
    await page.getByLabel('E-Mail-Adresse').fill(email);
    await page.getByLabel('Passwort').fill(password);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await page.getByRole('heading', { level: 1, name: 'Übersicht' }).waitFor();
    // A job with a long title, so the applicants' job filter has a long option.
    await page.goto(url('/recruiting/portal/stellenanzeigen/neu'));
    await page.getByLabel('Jobtitel *').fill('Promotionpersonal (m/w/d) für Verkostungsaktionen im Lebensmitteleinzelhandel, Wochenendeinsätze');
    await page.getByRole('button', { name: 'Entwurf speichern' }).click();
    await page.waitForURL(/\/stellenanzeigen\/\d+$/);
    const editor = new URL(page.url()).pathname;

    const wide = [];
    const below = [];
    for (const path of ['/recruiting/portal', '/recruiting/portal/stellenanzeigen', '/recruiting/portal/stellenanzeigen/neu', editor,
      '/recruiting/portal/unternehmensprofil', '/recruiting/portal/bewerbungen', '/recruiting/portal/bewerberdatenbank', '/recruiting/portal/team']) {
      const overflow = await overflowOf(page, path);
      if (overflow > 0) wide.push(`${path}: ${overflow} px`);
      const heading = await page.getByRole('main').getByRole('heading', { level: 1 }).first().boundingBox();
      if (!heading || heading.y + heading.height > PHONE.height) below.push(`${path}: heading at ${heading?.y}`);
    }
    assert.deepEqual(wide, [], 'portal pages wider than the phone');
    assert.deepEqual(below, [], 'portal pages whose heading is not on the first screen');

    // The folded menu opens and leads on.
    const nav = page.getByRole('navigation', { name: 'Portal' });
    assert.equal(await nav.getByRole('link', { name: 'Bewerbungen' }).isVisible(), false);
    await nav.getByRole('button', { name: 'Portal-Menü' }).click();
    await nav.getByRole('link', { name: 'Bewerbungen' }).click();
    await page.getByRole('heading', { level: 1, name: 'Bewerbungen' }).waitFor();
    assert.deepEqual(browser.pageErrors(), []);
  } finally {
    await browser.close();
  }
});
