// The candidate's pools on /meine-einstellungen (issue 42 item 4, issue 43 item 7): each pool she
// was invited into with the organization, since and until when she is a member, "Widerrufen"
// beside a running consent (it calls the server and the list shows the revocation), a link to an
// open invitation, and the server's German refusal. The real server's side:
// tests/integration/organization_pool_test.cpp and e2e/organization-pool.test.mjs.
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MyPoolInvitation } from '@/shared/api/pool';
import { myPoolInvitation } from '@/testing/pool-invitation';
import { jsonResponse, renderApp, SIGNED_IN_CANDIDATE } from '@/testing/render-app';

afterEach(() => vi.unstubAllGlobals());

// A running consent to the pool of regulars of "Agentur {id}", given on 03.11.2026.
const invitation = (id: number, fields: Partial<MyPoolInvitation> = {}) =>
  myPoolInvitation(id, {
    kind: 'regulars',
    status: 'accepted',
    member: true,
    invitedAt: '2026-11-01T10:00:00Z',
    decidedAt: '2026-11-03T10:00:00Z',
    consentUntil: '2027-11-03T10:00:00Z',
    organization: { id, name: `Agentur ${id}` },
    ...fields,
  });

const SETTINGS = { id: 5, email: 'jana@example.de', emailVerified: true, profilePublic: false, searchableByProviders: true, newsletter: false, jobletter: false };

function settingsApi(revoke: () => Response) {
  const open = invitation(2, { status: 'invited', member: false, decidedAt: null, consentUntil: null, kind: 'talent' });
  let items = [invitation(1), open];
  const sent: string[] = [];
  const respond = (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    if (url.pathname === '/api/candidate_accounts/me') return jsonResponse(200, SIGNED_IN_CANDIDATE);
    if (url.pathname === '/api/candidate_accounts/5') return jsonResponse(200, SETTINGS);
    if (url.pathname === '/api/me/pool_invitations') return jsonResponse(200, { 'hydra:member': items, 'hydra:totalItems': items.length, page: 1, itemsPerPage: 20 });
    if (url.pathname === '/api/pool_invitations/1/revoke' && init?.method === 'POST') {
      sent.push(url.pathname);
      const answer = revoke();
      if (answer.ok) items = [invitation(1, { status: 'revoked', member: false, revokedAt: '2026-11-29T10:00:00Z' }), open];
      return answer;
    }
    if (url.pathname === '/api/health') return jsonResponse(200, { postgres: 'ok', redis: 'ok' });
    return jsonResponse(404, {});
  };
  return { respond, sent };
}

describe('"Pools von Jobanbietern" on /meine-einstellungen', { timeout: 20_000 }, () => {
  it('lists the pools and revokes a consent with "Widerrufen"', async () => {
    const api = settingsApi(() => jsonResponse(200, invitation(1, { status: 'revoked', member: false })));
    renderApp('/meine-einstellungen', api.respond);
    const list = await screen.findByRole('list', { name: 'Meine Pools' });
    const [first, second] = within(list).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(first.textContent).toContain('Agentur 1 (Stammkräfte) – im Pool seit 03.11.2026, bis 03.11.2027');
    expect(second.textContent).toContain('Agentur 2 (Talentpool) – eingeladen am 01.11.2026');
    expect(within(second).getByRole('link', { name: 'Einladung ansehen' }).getAttribute('href')).toBe('/pool-einladung/2');
    expect(within(second).queryByRole('button', { name: /widerrufen/ })).toBeNull();

    fireEvent.click(within(first).getByRole('button', { name: 'Einwilligung für Agentur 1 widerrufen' }));
    expect(await screen.findByText('Einwilligung widerrufen am 29.11.2026', { exact: false })).toBeTruthy();
    expect(api.sent).toEqual(['/api/pool_invitations/1/revoke']);
    expect(screen.queryByRole('button', { name: 'Einwilligung für Agentur 1 widerrufen' })).toBeNull();
  });

  it('shows the server’s German refusal', async () => {
    const message = 'Du hast dieser Einladung nicht zugestimmt; es gibt nichts zu widerrufen.';
    renderApp('/meine-einstellungen', settingsApi(() => jsonResponse(409, { message })).respond);
    const list = await screen.findByRole('list', { name: 'Meine Pools' });
    fireEvent.click(within(list).getByRole('button', { name: 'Einwilligung für Agentur 1 widerrufen' }));
    expect((await within(list).findByRole('alert')).textContent).toBe(message);
  });
});
