// Where a menu entry leads, in the spec's order: explicit route, page slug (reserved slugs name
// a route of the app), article, activity, city, and last an external href with its target.
import type { Audience } from './visible-count';
import type { MenuEntry } from './types';

export type MenuTarget =
  | { kind: 'route'; to: string }
  | { kind: 'external'; href: string; target?: string }
  | { kind: 'none' };

/** Page slugs that stand for a page of the app rather than a content page. */
export const RESERVED_SLUGS: Readonly<Record<string, string>> = {
  jobs: '/jobs',
  articles: '/tipps-faq',
  organizations: '/jobanbieter',
  wikis: '/wiki',
  events: '/messen-events',
  'landingpages-activities': '/jobs-taetigkeit',
  'landingpages-cities': '/jobs-stadt',
  'landingpages-promotionjobs': '/promotionjobs',
  'landingpages-messejobs': '/messejobs',
  'landingpages-eventjobs': '/eventjobs',
  'landingpages-studentenjobs': '/studentenjobs',
  'landingpages-rentnerjobs': '/rentnerjobs',
  'landingpages-schuelerjobs': '/schuelerjobs',
  'landingpages-nebenjobs': '/nebenjobs',
  'landingpages-gastrojobs': '/gastrojobs',
  'landingpages-ferienjobs': '/ferienjobs',
  'organization-wikis': '/recruiting/wiki',
};

export function resolveTarget(entry: MenuEntry, audience: Audience = 'candidate'): MenuTarget {
  if (entry.route) return { kind: 'route', to: entry.route };
  if (entry.page?.slug) {
    const slug = entry.page.slug;
    const reserved = RESERVED_SLUGS[slug];
    if (reserved) return { kind: 'route', to: reserved };
    return { kind: 'route', to: audience === 'organization' ? `/recruiting/${slug}` : `/${slug}` };
  }
  if (entry.article?.slug) {
    const category = entry.article.article_category?.slug;
    const base = audience === 'organization' ? '/recruiting/hr-wissen' : '/tipps-faq';
    return { kind: 'route', to: category ? `${base}/${category}/${entry.article.slug}` : `${base}/${entry.article.slug}` };
  }
  if (entry.activity?.slug) return { kind: 'route', to: `/jobs-taetigkeit/${entry.activity.slug}` };
  if (entry.city?.slug) return { kind: 'route', to: `/jobs-stadt/${entry.city.slug}` };
  if (entry.href) return { kind: 'external', href: entry.href, target: entry.target };
  return { kind: 'none' };
}
