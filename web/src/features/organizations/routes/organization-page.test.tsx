// The public organization page shows the organization's logo (as its job pages do) when it has
// one, and no broken image when it has none (issue 29, bug 5); the first sentence shows once.
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp } from '@/testing/render-app';

afterEach(() => vi.unstubAllGlobals());

function serve(hasLogo: boolean) {
  return (path: string) => {
    const { pathname } = new URL(path, 'http://localhost');
    if (pathname === '/api/organizations/slug/hafen-events') return jsonResponse(200, {
        id: 7, slug: 'hafen-events', name: 'Hafen Events GmbH', hasLogo,
        teaser: 'Wir sind Hafen Events.', description: 'Wir sind Hafen Events. Seit 2001 an der Küste.',
      });
    if (pathname === '/api/job_postings') return jsonResponse(200, { 'hydra:member': [], 'hydra:totalItems': 0 });
    if (pathname === '/api/candidate_accounts/me') return jsonResponse(401, {});
    return jsonResponse(404, {});
  };
}

describe('organization page', () => {
  it('shows the logo beside the name', async () => {
    renderApp('/jobanbieter/hafen-events', serve(true));
    await screen.findByRole('heading', { level: 1, name: 'Hafen Events GmbH' });
    // The teaser is the description's first sentence: said once (issue 29, bug 6).
    expect(screen.getAllByText(/Wir sind Hafen Events\./)).toHaveLength(1);
    expect(screen.getByRole('img', { name: 'Logo von Hafen Events GmbH' }).getAttribute('src')).toBe('/api/organizations/7/logo');
  });

  it('shows no image without a logo', async () => {
    renderApp('/jobanbieter/hafen-events', serve(false));
    await screen.findByRole('heading', { level: 1, name: 'Hafen Events GmbH' });
    expect(screen.queryByRole('img', { name: /Logo/ })).toBeNull();
  });
});
