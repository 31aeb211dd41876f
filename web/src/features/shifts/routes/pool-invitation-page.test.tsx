// The candidate's invitation page /pool-einladung/:id (issue 42 item 4, issue 43 item 7;
// docs/fair-play.md "Talent pool"): the consent text as sent, "Zustimmen" and "Ablehnen" call the
// server and show what happened ("du"), a consent can be revoked on the same page, and the
// server's German refusal shows as it comes. The real server's side:
// tests/integration/organization_pool_test.cpp and e2e/organization-pool.test.mjs.
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MyPoolInvitation } from '@/shared/api/pool';
import { myPoolInvitation } from '@/testing/pool-invitation';
import { jsonResponse, renderApp, SIGNED_IN_CANDIDATE } from '@/testing/render-app';

afterEach(() => vi.unstubAllGlobals());

const invitation = (fields: Partial<MyPoolInvitation> = {}) => myPoolInvitation(3, fields);
const CONSENT = invitation().consentText;

function invitationApi(answer: (what: string) => Response, first = invitation()) {
  const sent: string[] = [];
  const respond = (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    if (url.pathname === '/api/candidate_accounts/me') return jsonResponse(200, SIGNED_IN_CANDIDATE);
    if (url.pathname === '/api/pool_invitations/3') return jsonResponse(200, first);
    const m = /^\/api\/pool_invitations\/3\/(accept|decline|revoke)$/.exec(url.pathname);
    const what = m?.[1];
    if (what && init?.method === 'POST') {
      sent.push(what);
      return answer(what);
    }
    if (url.pathname === '/api/health') return jsonResponse(200, { postgres: 'ok', redis: 'ok' });
    return jsonResponse(404, {});
  };
  return { respond, sent };
}

describe('/pool-einladung/:id', { timeout: 20_000 }, () => {
  it('shows the consent text and consents with "Zustimmen"', async () => {
    const api = invitationApi(() => jsonResponse(200, invitation({ status: 'accepted', member: true, consentUntil: '2027-11-29T10:00:00Z' })));
    renderApp('/pool-einladung/3', api.respond);
    expect(await screen.findByText(CONSENT)).toBeTruthy();
    expect(screen.getByText(/lädt dich in den eigenen Talentpool ein/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Zustimmen' }));
    expect(await screen.findByText('Du bist im Pool von Pool Agentur GmbH – bis 29.11.2027.')).toBeTruthy();
    expect(api.sent).toEqual(['accept']);
    expect(screen.queryByRole('button', { name: 'Zustimmen' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Einwilligung widerrufen' })).toBeTruthy();
  });

  it('declines with "Ablehnen"', async () => {
    const api = invitationApi(() => jsonResponse(200, invitation({ status: 'declined', decidedAt: '2026-11-29T10:00:00Z' })));
    renderApp('/pool-einladung/3', api.respond);
    fireEvent.click(await screen.findByRole('button', { name: 'Ablehnen' }));
    expect(await screen.findByText('Du hast diese Einladung abgelehnt. Es ändert sich nichts für dich.')).toBeTruthy();
    expect(api.sent).toEqual(['decline']);
  });

  it('revokes a running consent on the same page', async () => {
    const member = invitation({ status: 'accepted', member: true, consentUntil: '2027-11-29T10:00:00Z' });
    const api = invitationApi(() => jsonResponse(200, invitation({ status: 'revoked', revokedAt: '2026-11-29T10:00:00Z' })), member);
    renderApp('/pool-einladung/3', api.respond);
    fireEvent.click(await screen.findByRole('button', { name: 'Einwilligung widerrufen' }));
    expect(await screen.findByText(/^Du hast deine Einwilligung widerrufen\./)).toBeTruthy();
    expect(api.sent).toEqual(['revoke']);
  });

  it('shows the server’s German refusal', async () => {
    const message = 'Deine Bewerbung wurde inzwischen anonymisiert; diese Einladung gilt nicht mehr.';
    const api = invitationApi(() => jsonResponse(410, { message }));
    renderApp('/pool-einladung/3', api.respond);
    fireEvent.click(await screen.findByRole('button', { name: 'Zustimmen' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
  });

  it('says so when the invitation is not hers or gone', async () => {
    const api = invitationApi(() => jsonResponse(200, {}));
    const respond = (input: string, init?: RequestInit) =>
      new URL(input, 'http://localhost').pathname === '/api/pool_invitations/3'
        ? jsonResponse(404, { message: 'Diese Einladung gibt es nicht.' })
        : api.respond(input, init);
    renderApp('/pool-einladung/3', respond);
    expect((await screen.findByRole('alert')).textContent).toBe('Diese Einladung gibt es nicht.');
  });
});
