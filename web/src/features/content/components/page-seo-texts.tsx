// The page-level SEO texts (site-shell-and-providers.md, section 3: Page.show_seo_content and
// seo_content_config; Activity and City carry seo_content_config too). When the page shows SEO
// content, the texts its own config names come first, then its activity's, then its city's, each
// once, and none that a seo-content section of the page already draws.
import type { ContentPage, SeoContentConfig } from '../api/content';
import { SeoText, type SeoReference } from './sections/collection-sections';
import { sectionType } from './content-sections';

const referencesIn = (config: unknown): SeoReference[] =>
  ((config as SeoContentConfig | null | undefined)?.seo_contents ?? []).filter(
    (r): r is SeoReference => Boolean(r) && (typeof r.id === 'number' || (typeof r.slug === 'string' && r.slug !== '')),
  );

const keyOf = (r: SeoReference) => (r.id !== undefined ? `id:${r.id}` : `slug:${r.slug}`);

/** The SEO texts a page draws below its sections, in order, without repeats. */
export function pageSeoReferences(page: ContentPage): SeoReference[] {
  if (!page.show_seo_content) return [];
  const drawn = new Set(page.sections.filter((s) => sectionType(s) === 'seo-content').map((s) => `slug:${String(s.seo_content)}`));
  const out: SeoReference[] = [];
  for (const r of [...referencesIn(page.seo_content_config), ...referencesIn(page.activity?.seo_content_config), ...referencesIn(page.city?.seo_content_config)]) {
    const key = keyOf(r);
    if (drawn.has(key)) continue;
    drawn.add(key);
    out.push(r);
  }
  return out;
}

export function PageSeoTexts({ page, audience }: { page: ContentPage; audience: 'candidate' | 'organization' }) {
  return pageSeoReferences(page).map((reference) => (
    <SeoText key={keyOf(reference)} reference={reference} section={{ __component: 'seo-content' }} headingLevel={2} type="seo-content" audience={audience} />
  ));
}
