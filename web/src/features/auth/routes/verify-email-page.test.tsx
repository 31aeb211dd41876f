// The page after the confirmation link: a provider lands in the portal, which says in "Sie" what
// happens with the review (issue 41 item 3); a candidate keeps the candidates' page.
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp } from '@/testing/render-app';

afterEach(() => vi.unstubAllGlobals());

function answering(body: object) {
  return (path: string) => {
    const { pathname } = new URL(path, 'http://localhost');
    if (pathname.startsWith('/api/candidate_accounts/validate_email_verification_token/')) return jsonResponse(200, body);
    if (pathname === '/api/candidate_accounts/me' || pathname === '/api/organization_members/me') return jsonResponse(401, {});
    return jsonResponse(404, {});
  };
}

describe('the confirmation page', () => {
  it('lands a new provider in the portal, which says that the address is confirmed and the organization is being reviewed', async () => {
    const { router } = renderApp(
      '/email-bestaetigen/abc',
      answering({ status: 'confirmed', email: 'chef@hafen.de', role: 'organization_member', organizationState: 'pending' }),
    );
    expect(await screen.findByText('Vielen Dank! Ihre E-Mail-Adresse ist jetzt bestätigt.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/recruiting/portal/anmelden');
    expect(screen.getByText(/Wir prüfen jetzt die Angaben zu Ihrem Unternehmen/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Login für Jobanbieter' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Jobs finden' })).toBeNull();
  });

  it('keeps the candidate on the candidates\u2019 side', async () => {
    const { router } = renderApp('/email-bestaetigen/abc', answering({ status: 'confirmed', email: 'jana@example.de', role: 'candidate' }));
    expect(await screen.findByText('Danke! Deine E-Mail-Adresse jana@example.de ist jetzt bestätigt.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Jobs finden' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/email-bestaetigen/abc');
  });
});
