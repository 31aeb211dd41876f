// Toggles applied: what the person sees follows GET /api/features (here the answer already in the
// cache, as the app holds it), and `toggle_<name>` in the address overrides one toggle.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { featureKeys, type FeaturesAnswer } from '@/shared/lib/features';
import { AccountNav } from './account-nav';

function renderNav(answer: FeaturesAnswer, path = '/mein-dashboard') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(featureKeys.visitor(''), answer);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <AccountNav />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('toggle videos', () => {
  it('on: the account navigation offers Meine Videos', () => {
    renderNav({ features: [{ name: 'videos', enabled: true }] });
    expect(screen.getByRole('link', { name: 'Meine Videos' })).toBeTruthy();
  });

  it('off: no video page', () => {
    renderNav({ features: [{ name: 'videos', enabled: false }] });
    expect(screen.queryByRole('link', { name: 'Meine Videos' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Meine Bilder' })).toBeTruthy();
  });

  it('toggle_videos=1 in the address switches it on for the visit', () => {
    renderNav({ features: [{ name: 'videos', enabled: false }] }, '/mein-dashboard?toggle_videos=1');
    expect(screen.getByRole('link', { name: 'Meine Videos' })).toBeTruthy();
  });
});
