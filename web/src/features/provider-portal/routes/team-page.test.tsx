// The portal's team page: the owner sees the team, invites a colleague (progress, the server's
// German refusal), removes a member after confirming; a member sees the team but no controls.
// Also the sign-in page's way to a new password.
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp } from '@/testing/render-app';
import type { TeamMember } from '../api/team';
import { fakeProviderApi } from '../testing/fake-provider-api';

afterEach(() => vi.unstubAllGlobals());

const person = (id: number, email: string, fields: Partial<TeamMember> = {}): TeamMember => ({
  id,
  email,
  role: 'member',
  emailVerified: true,
  invitationPending: false,
  isMe: false,
  createdAt: '2026-11-20T10:00:00Z',
  ...fields,
});

/** The portal's fake API plus the team routes, answering as docs/providers.md ("Team") says. */
function teamApi(role: 'owner' | 'member' = 'owner') {
  const base = fakeProviderApi();
  const team = [person(12, 'hr@hafen-events.de', { role: 'owner', isMe: role === 'owner' }), person(13, 'kai@hafen-events.de', { isMe: role === 'member' })];
  const respond = (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const method = init?.method ?? 'GET';
    if (url.pathname === '/api/organization_members/me') {
      const me = base.respond(input, init);
      return me.json().then((body: Record<string, unknown>) => jsonResponse(200, { ...body, role }));
    }
    if (url.pathname === '/api/organizations/7/members' && method === 'GET') return jsonResponse(200, { 'hydra:member': team, 'hydra:totalItems': team.length });
    if (url.pathname === '/api/organizations/7/members' && method === 'POST') {
      const { email } = JSON.parse(String(init?.body)) as { email: string };
      if (team.some((p) => p.email === email)) return jsonResponse(409, { status: 409, message: 'Diese Person gehört bereits zu Ihrem Team.' });
      const added = person(20 + team.length, email, { invitationPending: true, emailVerified: false });
      team.push(added);
      return jsonResponse(201, added);
    }
    const removal = /^\/api\/organizations\/7\/members\/(\d+)$/.exec(url.pathname);
    if (removal && method === 'DELETE') {
      team.splice(team.findIndex((p) => p.id === Number(removal[1])), 1);
      return new Response(null, { status: 204 });
    }
    return base.respond(input, init);
  };
  return { respond, team };
}

describe('portal team page', { timeout: 20_000 }, () => {
  it('lets the owner invite and remove members', async () => {
    const api = teamApi('owner');
    renderApp('/recruiting/portal/team', api.respond);
    const list = await screen.findByRole('list', { name: 'Teammitglieder' });
    expect(within(list).getByText('hr@hafen-events.de')).toBeTruthy();
    expect(within(list).getByText(/Inhaber\/in/)).toBeTruthy();

    const field = screen.getByLabelText('E-Mail-Adresse der Kollegin oder des Kollegen');
    fireEvent.change(field, { target: { value: 'kai@hafen-events.de' } });
    fireEvent.click(screen.getByRole('button', { name: 'Einladen' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Diese Person gehört bereits zu Ihrem Team.');

    fireEvent.change(field, { target: { value: 'neu@hafen-events.de' } });
    fireEvent.click(screen.getByRole('button', { name: 'Einladen' }));
    expect(await screen.findByText(/Wir haben eine Einladung an neu@hafen-events.de geschickt./, {}, { timeout: 5000 })).toBeTruthy();
    expect(await screen.findByText('neu@hafen-events.de')).toBeTruthy();
    expect(screen.getByText(/Eingeladen, noch nicht angemeldet/)).toBeTruthy();

    // The owner's own entry has no remove button; a member's asks once more.
    const buttons = screen.getAllByRole('button', { name: 'Entfernen' });
    expect(buttons).toHaveLength(2);
    fireEvent.click(buttons[0]!);
    fireEvent.click(screen.getByRole('button', { name: 'kai@hafen-events.de wirklich entfernen' }));
    await vi.waitFor(() => expect(screen.queryByText('kai@hafen-events.de')).toBeNull());
    expect(api.team.map((p) => p.email)).toEqual(['hr@hafen-events.de', 'neu@hafen-events.de']);
  });

  it('shows a member the team without controls', async () => {
    renderApp('/recruiting/portal/team', teamApi('member').respond);
    expect(await screen.findByText('kai@hafen-events.de')).toBeTruthy();
    expect(screen.getByText(/Nur die Inhaberin oder der Inhaber/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Einladen' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Entfernen' })).toBeNull();
  });

  it('the sign-in page leads to a new password, answered in "Sie"', async () => {
    const api = fakeProviderApi({ signedIn: false });
    const requests: unknown[] = [];
    const respond = (input: string, init?: RequestInit) => {
      if (input.includes('/api/candidate_accounts_request_password_reset')) {
        requests.push(JSON.parse(String(init?.body)));
        return jsonResponse(200, { message: 'Wenn es ein Konto mit dieser E-Mail-Adresse gibt, haben wir dir eine E-Mail … geschickt.' });
      }
      return api.respond(input, init);
    };
    const { router } = renderApp('/recruiting/portal/anmelden', respond);
    fireEvent.click(await screen.findByRole('link', { name: 'Passwort vergessen?' }));
    expect(await screen.findByRole('heading', { name: 'Passwort vergessen' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/recruiting/portal/passwort-vergessen');
    fireEvent.change(screen.getByLabelText('E-Mail-Adresse'), { target: { value: 'hr@hafen-events.de' } });
    fireEvent.click(screen.getByRole('button', { name: 'Link anfordern' }));
    expect(await screen.findByText(/haben wir Ihnen eine E-Mail mit einem Link/)).toBeTruthy();
    expect(requests).toEqual([{ email: 'hr@hafen-events.de' }]);
  });

  it('an invitation link sets the password, a used one says so', async () => {
    const respond = (input: string, init?: RequestInit) => {
      if (input.includes('/validate_password_reset_token/gut')) return jsonResponse(200, { id: 33, valid: true });
      if (input.includes('/validate_password_reset_token/')) return jsonResponse(404, { status: 404, message: 'Dieser Link ist ungültig oder abgelaufen.' });
      if (input.includes('/api/candidate_accounts/33/password') && init?.method === 'PATCH') return jsonResponse(200, { message: 'ok' });
      return fakeProviderApi({ signedIn: false }).respond(input, init);
    };
    const used = renderApp('/recruiting/portal/einladung/alt', respond);
    expect((await screen.findByRole('alert')).textContent).toContain('Diese Einladung ist ungültig oder abgelaufen.');
    used.unmount();
    renderApp('/recruiting/portal/einladung/gut', respond);
    fireEvent.change(await screen.findByLabelText('Neues Passwort'), { target: { value: 'Teamwork123!' } });
    fireEvent.change(screen.getByLabelText('Passwort wiederholen'), { target: { value: 'Teamwork123!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Passwort speichern' }));
    expect(await screen.findByText(/Willkommen im Team! Ihr Passwort ist gespeichert./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Zur Anmeldung' }).getAttribute('href')).toBe('/recruiting/portal/anmelden');
  });
});
