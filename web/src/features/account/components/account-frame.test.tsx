// The account frame for a signed-in provider (review 21, finding 10): the candidate pages whose
// links a provider opens too (the QR check-in, the pool invitation) say that they are for
// candidates ("Sie") and offer to sign out, instead of "Bitte melde dich an"; a visitor still gets
// the sign-in prompt and a candidate the page.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp, SIGNED_IN_CANDIDATE } from '@/testing/render-app';

afterEach(() => vi.unstubAllGlobals());

const MEMBER = {
  id: 3, email: 'chefin@agentur.example', emailVerified: true, role: 'owner', canAct: true,
  organization: { id: 9, slug: 'agentur', name: 'Agentur GmbH', state: 'approved' },
};

function api(who: 'provider' | 'visitor' | 'candidate') {
  const calls: string[] = [];
  let signedIn = who;
  const respond = (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    calls.push(`${init?.method ?? 'GET'} ${url.pathname}`);
    if (url.pathname === '/api/candidate_accounts/me') {
      if (signedIn === 'candidate') return jsonResponse(200, SIGNED_IN_CANDIDATE);
      if (signedIn === 'provider') return jsonResponse(403, { message: 'Dieser Bereich ist nur für Bewerberinnen und Bewerber.' });
      return jsonResponse(401, { message: 'Bitte melde dich an.' });
    }
    if (url.pathname === '/api/organization_members/me') {
      if (signedIn === 'provider') return jsonResponse(200, MEMBER);
      if (signedIn === 'candidate') return jsonResponse(403, { message: 'Dieser Bereich ist nur für Jobanbieter.' });
      return jsonResponse(401, { message: 'Bitte melden Sie sich an.' });
    }
    if (url.pathname === '/api/logout' && init?.method === 'POST') {
      signedIn = 'visitor';
      return new Response(null, { status: 204 });
    }
    if (url.pathname === '/api/me/pool_invitations') return jsonResponse(200, { 'hydra:member': [], 'hydra:totalItems': 0 });
    if (url.pathname === '/api/health') return jsonResponse(200, { postgres: 'ok', redis: 'ok' });
    return jsonResponse(404, { message: 'Die Seite wurde nicht gefunden.' });
  };
  return { respond, calls };
}

describe('AccountFrame for someone who is not a candidate', () => {
  for (const path of ['/einchecken?code=abc', '/pool-einladung/1']) {
    it(`${path}: a signed-in provider reads that the page is for candidates, in "Sie", and can sign out`, async () => {
      const providerApi = api('provider');
      renderApp(path, providerApi.respond);
      expect(await screen.findByRole('heading', { name: 'Diese Seite ist für Bewerberinnen und Bewerber' })).toBeTruthy();
      expect(screen.getByText(/Sie sind als Jobanbieter angemeldet/)).toBeTruthy();
      expect(screen.queryByText('Bitte melde dich an')).toBeNull();
      expect(screen.getByRole('link', { name: 'Zum Unternehmensbereich' }).getAttribute('href')).toBe('/portal');
      // The scan is not sent for a provider.
      expect(providerApi.calls.some((c) => c.startsWith('POST /api/shift_check_ins'))).toBe(false);
      fireEvent.click(screen.getByRole('button', { name: 'Abmelden' }));
      expect(await screen.findByRole('heading', { name: 'Bitte melde dich an' })).toBeTruthy();
      await waitFor(() => expect(providerApi.calls).toContain('POST /api/logout'));
    });
  }

  it('a visitor is asked to sign in, as before', async () => {
    renderApp('/pool-einladung/1', api('visitor').respond);
    expect(await screen.findByRole('heading', { name: 'Bitte melde dich an' })).toBeTruthy();
    expect(screen.queryByText(/Jobanbieter angemeldet/)).toBeNull();
  });
});
