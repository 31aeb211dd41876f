// Prerenders the public content pages that carry no job data into dist/prerendered/<path>.html,
// after `vite build` (the app) and `vite build --ssr` (src/entry-prerender.tsx, into dist-ssr/).
// Each file is dist/index.html with the page drawn inside <div id="root">; `jobhafen serve` sends
// it, with the page's head, instead of the empty index.html when the path has one, so the page's
// main content shows before any script runs (the app then hydrates it).
//
// The pages come from the content that ships with Jobhafen (workers/seed/content, what
// `jobhafen seed` loads). A page an editor changed later still works: the server embeds the
// current page data, and React redraws the page from it when it differs from the build's.
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const WEB = fileURLToPath(new URL('../', import.meta.url));
const DIST = join(WEB, 'dist');
const SSR = join(WEB, 'dist-ssr');
const SEED = join(WEB, '..', 'workers', 'seed', 'content');
export const OUT = 'prerendered';
// The cookie banner's HTML for a first visit (reactor/page_head.h, consent_banner_file).
export const CONSENT_BANNER = `${OUT}/_consent-banner.html`;
// The same banner for the providers' pages (/recruiting…), which say "Sie" (reactor/page_head.h).
export const CONSENT_BANNER_ORGANIZATION = `${OUT}/_consent-banner-organization.html`;

// Content pages that are not a route of their own (app pages with their own data, templates that
// need a city or activity, error pages); every other page is prerendered at its route.
const NOT_A_ROUTE = new Set([
  'jobs', 'articles', 'organizations', 'events', 'wikis', 'organization-wikis',
  'landingpages-activities-activity', 'landingpages-cities-city', 'landingpages-cities-city-activity',
  'error', 'error-jobposting-inactive', 'error-organization',
]);

/** The route that draws a shipped content page (web/src/app/router.tsx, docs/content.md), or null. */
export function routeOf(page) {
  if (NOT_A_ROUTE.has(page.slug)) return null;
  if (page.slug === 'home') return '/';
  if (page.slug === 'landingpages-cities') return '/jobs-stadt';
  if (page.slug === 'landingpages-activities') return '/jobs-taetigkeit';
  if (page.slug.startsWith('landingpages-')) return `/${page.slug.slice('landingpages-'.length)}`;
  if (page.scope === 'organization') return page.slug === 'recruiting' ? '/recruiting' : `/recruiting/${page.slug}`;
  return `/${page.slug}`;
}

/** The file of a route below dist/ ("/" → prerendered/index.html); the server looks for the same name. */
export function fileOf(route) {
  return `${OUT}${route === '/' ? '/index' : route}.html`;
}

/** A shipped page as GET /api/content/pages/by-slug answers it (inactive sections left out). */
export function asServed(page) {
  const sections = (page.sections ?? []).filter((s) => s.base_data?.active !== false);
  return { ...page, Active: true, sections };
}

async function shippedPages() {
  const pages = [];
  for (const name of (await readdir(SEED)).sort()) {
    if (!name.endsWith('.json')) continue;
    const file = JSON.parse(await readFile(join(SEED, name), 'utf8'));
    if (file.collection === 'pages') pages.push(...file.items);
  }
  return pages;
}

/**
 * dist/index.html with `html` inside the root element (and no "needs JavaScript" notice). React
 * starts a fragment with preload links of the images it drew; inside #root they are elements the
 * browser's first render does not draw (a hydration mismatch), and the server's page head already
 * preloads the hero image, so they are left out.
 */
export function intoShell(shell, html) {
  const root = '<div id="root"></div>';
  if (!shell.includes(root)) throw new Error('dist/index.html has no empty <div id="root"></div>');
  const content = html.replace(/^(<link rel="preload"[^>]*>)+/, '');
  return shell.replace(/<noscript>[\s\S]*?<\/noscript>\s*/, '').replace(root, `<div id="root">${content}</div>`);
}

async function main() {
  process.env.NODE_ENV = 'production';   // React's production server renderer, as the browser's build
  const { renderContentPage, renderConsentBanner } = await import(join(SSR, 'entry-prerender.js'));
  const shell = await readFile(join(DIST, 'index.html'), 'utf8');
  await rm(join(DIST, OUT), { recursive: true, force: true });
  let count = 0;
  for (const page of await shippedPages()) {
    const route = routeOf(page);
    if (!route) continue;
    const html = await renderContentPage(route, page.slug, asServed(page));
    const target = join(DIST, fileOf(route));
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, intoShell(shell, html));
    count += 1;
  }
  await writeFile(join(DIST, CONSENT_BANNER), renderConsentBanner('candidate'));
  await writeFile(join(DIST, CONSENT_BANNER_ORGANIZATION), renderConsentBanner('organization'));
  await rm(SSR, { recursive: true, force: true });
  console.log(`prerendered ${count} pages into dist/${OUT}/`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
