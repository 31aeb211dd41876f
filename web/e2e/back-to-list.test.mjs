// End to end: every detail leads back to the list the visitor came from, with its filters —
// organizations ("« Zurück zur Liste" to the search), articles and events (the breadcrumb to the
// category page), against the real server and its seeded and shipped data. The job list has its
// own test in jobs.test.mjs.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { apiJson, url, withBrowser } from './browser.mjs';

const longestWord = (text) => text.split(/[^\p{L}\p{N}]+/u).reduce((a, b) => (b.length > a.length ? b : a), '');

test('an organization leads back to the search it was found with', async () => {
  const cards = await apiJson('/api/organization_cards?itemsPerPage=24');
  const organization = cards.body['hydra:member'][0];
  assert.ok(organization, 'the seed has organizations');
  const q = longestWord(organization.name);
  await withBrowser(async ({ page }) => {
    await page.goto(url('/jobanbieter'));
    await page.getByLabel('Name des Jobanbieters').fill(q);
    await page.getByRole('button', { name: 'Suchen' }).click();
    await page.waitForURL(/\?q=/);
    const listUrl = page.url();
    await page.getByRole('link', { name: organization.name, exact: true }).first().click();
    await page.getByRole('heading', { level: 1, name: organization.name }).waitFor();

    await page.getByRole('link', { name: '« Zurück zur Liste' }).click();
    await page.waitForURL(listUrl);
    assert.equal(page.url(), listUrl);
    assert.equal(await page.getByLabel('Name des Jobanbieters').inputValue(), q);
  });
});

/** Opens the first entry of a category page and returns through the breadcrumb. */
async function backFromEntry(page, { base, title, category, entry }) {
  await page.goto(url(`${base}/${category.slug}`));
  await page.getByRole('heading', { level: 1, name: new RegExp(category.name) }).waitFor();
  const entryTitle = entry.title ?? entry.name;
  await page.getByRole('link', { name: entryTitle, exact: true }).click();
  await page.getByRole('heading', { level: 1, name: entryTitle }).waitFor();
  const crumbs = page.getByRole('navigation', { name: 'Brotkrümelnavigation' });
  await crumbs.getByRole('link', { name: title, exact: true }).click();
  await page.waitForURL(url(`${base}/${category.slug}`));
  await page.getByRole('heading', { level: 1, name: new RegExp(category.name) }).waitFor();
}

async function categoryWithEntries(categories, entries) {
  for (const category of (await apiJson(categories)).body.data) {
    const list = await apiJson(`${entries}&category=${encodeURIComponent(category.slug)}&pageSize=1`);
    if (list.body.data.length > 0) return { category, entry: list.body.data[0] };
  }
  assert.fail(`no category of ${categories} has entries`);
}

test('an article leads back to its category page; an HR article to HR-Wissen, not to the tips', async () => {
  const tips = await categoryWithEntries('/api/content/article-categories?scope=candidate', '/api/content/articles?scope=candidate');
  const hr = await apiJson('/api/content/articles?scope=organization&pageSize=1');
  await withBrowser(async ({ page }) => {
    await backFromEntry(page, { base: '/tipps-faq', title: 'Tipps & FAQ', ...tips });
    // The tips list is now the last list of articles; an HR article still leads to its own list.
    const article = hr.body.data[0];
    assert.ok(article, 'the shipped content has HR articles');
    const category = article.article_category?.slug;
    await page.goto(url(category ? `/recruiting/hr-wissen/${category}/${article.slug}` : `/recruiting/hr-wissen/${article.slug}`));
    await page.getByRole('heading', { level: 1, name: article.title }).waitFor();
    const crumbs = page.getByRole('navigation', { name: 'Brotkrümelnavigation' });
    assert.equal(await crumbs.getByRole('link', { name: 'HR-Wissen', exact: true }).getAttribute('href'), '/recruiting/hr-wissen');
  });
});

test('an event leads back to its category page', async () => {
  const events = await categoryWithEntries('/api/content/event-categories', '/api/content/events?sort=-publishedAt');
  await withBrowser(async ({ page }) => {
    await backFromEntry(page, { base: '/messen-events', title: 'Messen & Events', ...events });
  });
});
