// Page-level SEO texts (issue 29, spec items still partial): a page with show_seo_content draws the
// SEO texts its own, its activity's and its city's seo_content_config name (by id or by slug), in
// that order, once each and not again when a seo-content section draws one; a page without the
// flag draws none.
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp } from '@/testing/render-app';
import type { ContentPage } from '../api/content';
import { pageSeoReferences } from './page-seo-texts';

afterEach(() => vi.unstubAllGlobals());

const page = (over: Partial<ContentPage>): ContentPage => ({ id: 1, slug: 'p', sections: [], ...over });

describe('pageSeoReferences', () => {
  it('takes the page’s, the activity’s and the city’s texts in order, each once', () => {
    const refs = pageSeoReferences(
      page({
        show_seo_content: true,
        seo_content_config: { seo_contents: [{ id: 3 }, { slug: 'nebenjobs-finden' }] },
        activity: { id: 9, seo_content_config: { seo_contents: [{ id: 3 }, { slug: 'promotion-als-nebenjob' }] } },
        city: { id: 8, seo_content_config: { seo_contents: [{ slug: 'jobs-in-hamburg' }, {}] } },
        sections: [{ __component: 'sections.seo-content', seo_content: 'nebenjobs-finden' }],
      }),
    );
    expect(refs).toEqual([{ id: 3 }, { slug: 'promotion-als-nebenjob' }, { slug: 'jobs-in-hamburg' }]);
  });

  it('draws nothing when the page does not show SEO content', () => {
    expect(pageSeoReferences(page({ show_seo_content: false, seo_content_config: { seo_contents: [{ id: 3 }] } }))).toEqual([]);
  });
});

function serve(show: boolean) {
  return (path: string) => {
    const { pathname, searchParams } = new URL(path, 'http://localhost');
    if (pathname === '/api/content/pages/by-slug/landingpages-cities-city' && searchParams.get('city') === 'hamburg')
      return jsonResponse(200, {
        id: 7, slug: 'landingpages-cities-city', show_seo_content: show, seo_content_config: { seo_contents: [{ id: 12 }] },
        city: { id: 4, slug: 'hamburg', name: 'Hamburg', seo_content_config: { seo_contents: [{ slug: 'jobs-in-hamburg' }] } },
        sections: [{ __component: 'headline-with-text', title: 'Jobs in Hamburg', content: 'Hallo Hamburg.' }],
      });
    if (pathname === '/api/content/seo-contents/12') return jsonResponse(200, { id: 12, title: 'Nebenjobs finden mit Jobhafen', content: 'Ob Promotion oder Messe.' });
    if (pathname === '/api/content/seo-contents' && searchParams.get('slug') === 'jobs-in-hamburg')
      return jsonResponse(200, { data: [{ id: 13, slug: 'jobs-in-hamburg', title: 'Nebenjobs in Hamburg', content: 'Hamburg hat das ganze Jahr über etwas los.' }], meta: { page: 1, pageSize: 20, total: 1 } });
    if (pathname === '/api/candidate_accounts/me') return jsonResponse(401, {});
    return jsonResponse(404, {});
  };
}

describe('SEO texts on a city page', () => {
  it('shows the page’s and the city’s SEO texts below the sections', async () => {
    renderApp('/jobs-stadt/hamburg', serve(true));
    await screen.findByRole('heading', { level: 1, name: 'Jobs in Hamburg' });
    const first = await screen.findByRole('heading', { level: 2, name: 'Nebenjobs finden mit Jobhafen' });
    const second = await screen.findByRole('heading', { level: 2, name: 'Nebenjobs in Hamburg' });
    expect(screen.getByText('Hamburg hat das ganze Jahr über etwas los.')).toBeTruthy();
    expect(first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows none when show_seo_content is off', async () => {
    const { fetchMock } = renderApp('/jobs-stadt/hamburg', serve(false));
    await screen.findByRole('heading', { level: 1, name: 'Jobs in Hamburg' });
    expect(screen.queryByRole('heading', { name: /Nebenjobs/ })).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('seo-contents'))).toBe(false);
  });
});
