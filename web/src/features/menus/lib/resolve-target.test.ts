import { describe, expect, it } from 'vitest';
import { resolveTarget } from './resolve-target';

describe('menu item target resolution', () => {
  const all = {
    text: 'x',
    route: '/explicit',
    page: { slug: 'kontakt' },
    article: { slug: 'bewerbung', article_category: { slug: 'tipps' } },
    activity: { slug: 'promotion' },
    city: { slug: 'berlin' },
    href: 'https://example.org',
    target: '_blank',
  };

  it('takes the explicit route first', () => {
    expect(resolveTarget(all)).toEqual({ kind: 'route', to: '/explicit' });
  });

  it('then the page slug', () => {
    expect(resolveTarget({ ...all, route: undefined })).toEqual({ kind: 'route', to: '/kontakt' });
  });

  it('maps reserved page slugs to named routes', () => {
    expect(resolveTarget({ text: 'Jobs', page: { slug: 'jobs' } })).toEqual({ kind: 'route', to: '/jobs' });
    expect(resolveTarget({ text: 'Städte', page: { slug: 'landingpages-cities' } })).toEqual({ kind: 'route', to: '/jobs-stadt' });
    expect(resolveTarget({ text: 'Messe', page: { slug: 'landingpages-messejobs' } })).toEqual({ kind: 'route', to: '/messejobs' });
    expect(resolveTarget({ text: 'Tipps', page: { slug: 'articles' } })).toEqual({ kind: 'route', to: '/tipps-faq' });
  });

  it('then the article, the activity, the city', () => {
    const noPage = { ...all, route: undefined, page: null };
    expect(resolveTarget(noPage)).toEqual({ kind: 'route', to: '/tipps-faq/tipps/bewerbung' });
    expect(resolveTarget({ ...noPage, article: null })).toEqual({ kind: 'route', to: '/jobs-taetigkeit/promotion' });
    expect(resolveTarget({ ...noPage, article: null, activity: null })).toEqual({ kind: 'route', to: '/jobs-stadt/berlin' });
  });

  it('and last the external href with its target', () => {
    expect(resolveTarget({ text: 'Forum', href: 'https://forum.example', target: '_blank' })).toEqual({
      kind: 'external',
      href: 'https://forum.example',
      target: '_blank',
    });
    expect(resolveTarget({ text: 'Überschrift' })).toEqual({ kind: 'none' });
  });

  it('puts organization pages and articles under /recruiting', () => {
    expect(resolveTarget({ text: 'Pakete', page: { slug: 'stellenanzeigen-pakete' } }, 'organization')).toEqual({
      kind: 'route',
      to: '/recruiting/stellenanzeigen-pakete',
    });
    expect(resolveTarget({ text: 'Muster', article: { slug: 'arbeitsvertrag', article_category: { slug: 'muster-vorlagen-vertraege' } } }, 'organization')).toEqual({
      kind: 'route',
      to: '/recruiting/hr-wissen/muster-vorlagen-vertraege/arbeitsvertrag',
    });
  });
});
