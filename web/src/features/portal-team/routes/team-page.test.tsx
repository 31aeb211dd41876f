// The portal's team page: the owner sees the team, invites a colleague (progress, the server's
// German refusal; the invitation appears among the open ones, not as a member), re-sends and
// withdraws an invitation, removes a member after confirming; a member sees both lists but no
// controls. Also the sign-in page's way to a new password, and the invitation link's page: accept
// with a password or decline.
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp } from '@/testing/render-app';
import type { TeamInvitation, TeamMember } from '../api/team';
import type { ApiKey } from '../api/api-keys';
import { fakeProviderApi } from '@/testing/fake-provider-api';
import { ASYNC_WAIT } from '@/testing/wait';

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

const invited = (id: number, email: string, fields: Partial<TeamInvitation> = {}): TeamInvitation => ({
  id,
  email,
  invitedBy: 'hr@hafen-events.de',
  sentCount: 1,
  expired: false,
  createdAt: '2026-11-20T10:00:00Z',
  lastSentAt: '2026-11-20T10:00:00Z',
  expiresAt: '2026-11-27T10:00:00Z',
  ...fields,
});

/** The portal's fake API plus the team routes, answering as docs/providers.md ("Team") says. */
function teamApi(role: 'owner' | 'member' = 'owner') {
  const base = fakeProviderApi();
  const team = [person(12, 'hr@hafen-events.de', { role: 'owner', isMe: role === 'owner' }), person(13, 'kai@hafen-events.de', { isMe: role === 'member' })];
  const invitations = [invited(5, 'lisa@hafen-events.de', { sentCount: 3 })];
  const apiKeys: ApiKey[] = [];
  const keyRequests: unknown[] = [];
  const respond = (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const method = init?.method ?? 'GET';
    if (url.pathname === '/api/organization_members/me') {
      const me = base.respond(input, init);
      return me.json().then((body: Record<string, unknown>) => jsonResponse(200, { ...body, role }));
    }
    if (url.pathname === '/api/organizations/7/members' && method === 'GET') return jsonResponse(200, { 'hydra:member': team, 'hydra:totalItems': team.length });
    if (url.pathname === '/api/organizations/7/invitations' && method === 'GET')
      return jsonResponse(200, { 'hydra:member': invitations, 'hydra:totalItems': invitations.length });
    if (url.pathname === '/api/organizations/7/invitations' && method === 'POST') {
      const { email } = JSON.parse(String(init?.body)) as { email: string };
      if (team.some((p) => p.email === email)) return jsonResponse(409, { status: 409, message: 'Diese Person gehört bereits zu Ihrem Team.' });
      const added = invited(20 + invitations.length, email);
      invitations.unshift(added);
      return jsonResponse(201, added);
    }
    const resend = /^\/api\/organizations\/7\/invitations\/(\d+)\/resend$/.exec(url.pathname);
    if (resend && method === 'POST') {
      const found = invitations.find((i) => i.id === Number(resend[1]))!;
      if (found.sentCount >= 3)
        return jsonResponse(429, { status: 429, message: 'Diese Einladung haben Sie schon dreimal verschickt. Bitte sprechen Sie die Person direkt an, oder ziehen Sie die Einladung zurück und laden Sie sie neu ein.' });
      found.sentCount += 1;
      return jsonResponse(200, found);
    }
    const withdrawal = /^\/api\/organizations\/7\/invitations\/(\d+)$/.exec(url.pathname);
    if (withdrawal && method === 'DELETE') {
      invitations.splice(invitations.findIndex((i) => i.id === Number(withdrawal[1])), 1);
      return new Response(null, { status: 204 });
    }
    // The webhooks section has its own test (components/webhooks-section.test.tsx): none here.
    if (url.pathname === '/api/organizations/7/webhooks' && method === 'GET') return jsonResponse(200, { 'hydra:member': [], 'hydra:totalItems': 0 });
    if (url.pathname === '/api/organizations/7/api_keys' && method === 'GET')
      return jsonResponse(200, { 'hydra:member': apiKeys, 'hydra:totalItems': apiKeys.length });
    if (url.pathname === '/api/organizations/7/api_keys' && method === 'POST') {
      const body = JSON.parse(String(init?.body)) as { name: string; scopes: ApiKey['scopes'] };
      keyRequests.push(body);
      if (apiKeys.some((k) => k.name === body.name))
        return jsonResponse(422, { status: 422, message: 'Die Eingaben sind nicht gültig.', violations: [{ propertyPath: 'name', message: 'Diesen Namen trägt schon ein Schlüssel.' }] });
      const made: ApiKey = { id: 40 + apiKeys.length, name: body.name, scopes: body.scopes, prefix: 'jhk_AbCdEfGhIjKl', createdAt: '2026-11-30T10:00:00Z', lastUsedAt: null, revokedAt: null, createdBy: 'inhaberin@example.de', usable: true };
      apiKeys.unshift(made);
      return jsonResponse(201, { ...made, key: 'jhk_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde' });
    }
    const revocation = /^\/api\/organizations\/7\/api_keys\/(\d+)$/.exec(url.pathname);
    if (revocation && method === 'DELETE') {
      apiKeys.find((k) => k.id === Number(revocation[1]))!.revokedAt = '2026-11-30T11:00:00Z';
      return new Response(null, { status: 204 });
    }
    const removal = /^\/api\/organizations\/7\/members\/(\d+)$/.exec(url.pathname);
    if (removal && method === 'DELETE') {
      team.splice(team.findIndex((p) => p.id === Number(removal[1])), 1);
      return new Response(null, { status: 204 });
    }
    return base.respond(input, init);
  };
  return { respond, team, invitations, apiKeys, keyRequests };
}

describe('portal team page', () => {
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
    expect(await screen.findByText(/Wir haben eine Einladung an neu@hafen-events.de geschickt./)).toBeTruthy();
    // The invited address is an open invitation, not a member: no account exists yet.
    const open = await screen.findByRole('list', { name: 'Offene Einladungen' });
    expect(await within(open).findByText('neu@hafen-events.de')).toBeTruthy();
    expect(within(list).queryByText('neu@hafen-events.de')).toBeNull();

    // The owner's own entry has no remove button; a member's asks once more.
    const buttons = screen.getAllByRole('button', { name: 'Entfernen' });
    expect(buttons).toHaveLength(1);
    fireEvent.click(buttons[0]!);
    fireEvent.click(screen.getByRole('button', { name: 'kai@hafen-events.de wirklich entfernen' }));
    await vi.waitFor(() => expect(screen.queryByText('kai@hafen-events.de')).toBeNull(), ASYNC_WAIT);
    expect(api.team.map((p) => p.email)).toEqual(['hr@hafen-events.de']);
  });

  it('lets the owner re-send and withdraw an open invitation, with the server’s German refusal', async () => {
    const api = teamApi('owner');
    renderApp('/recruiting/portal/team', api.respond);
    const open = await screen.findByRole('list', { name: 'Offene Einladungen' });
    const row = within(open).getByText('lisa@hafen-events.de').closest('li')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Erneut senden' }));
    expect((await within(row).findByRole('alert')).textContent).toContain('schon dreimal verschickt');
    fireEvent.click(within(row).getByRole('button', { name: 'Zurückziehen' }));
    await vi.waitFor(() => expect(screen.queryByText('lisa@hafen-events.de')).toBeNull(), ASYNC_WAIT);
    expect(api.invitations).toEqual([]);
  });

  it('re-sends an invitation with a confirmation, counts the mails and then says the bound of three', async () => {
    const api = teamApi('owner');
    api.invitations[0]!.sentCount = 2;
    renderApp('/recruiting/portal/team', api.respond);
    const open = await screen.findByRole('list', { name: 'Offene Einladungen' });
    const row = within(open).getByText('lisa@hafen-events.de').closest('li')!;
    expect(row.textContent).toContain('2 Mails von höchstens 3 verschickt');
    fireEvent.click(within(row).getByRole('button', { name: 'Erneut senden' }));
    expect((await within(row).findByRole('status')).textContent).toBe(
      'Wir haben die Einladung an lisa@hafen-events.de erneut geschickt. Der frühere Link gilt nicht mehr.',
    );
    await vi.waitFor(() => expect(row.textContent).toContain('3 Mails von höchstens 3 verschickt'), ASYNC_WAIT);
    fireEvent.click(within(row).getByRole('button', { name: 'Erneut senden' }));
    expect((await within(row).findByRole('alert')).textContent).toContain('Diese Einladung haben Sie schon dreimal verschickt.');
  });

  it('lets the owner create an API key shown once, copy it and revoke it after confirming', async () => {
    const api = teamApi('owner');
    const copied: string[] = [];
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: (text: string) => (copied.push(text), Promise.resolve()) } });
    renderApp('/recruiting/portal/team', api.respond);
    const create = await screen.findByRole('form', { name: 'API-Schlüssel anlegen' });
    expect(await screen.findByText('Ihr Unternehmen hat noch keinen API-Schlüssel.')).toBeTruthy();

    // Without a name and a scope, the rules answer before anything is sent.
    fireEvent.click(within(create).getByRole('button', { name: 'Schlüssel anlegen' }));
    expect(await within(create).findByText('Bitte wählen Sie mindestens eine Berechtigung.')).toBeTruthy();
    expect(within(create).getByText('Dieses Feld darf nicht leer sein')).toBeTruthy();
    expect(api.keyRequests).toEqual([]);

    fireEvent.change(within(create).getByLabelText(/Name des Schlüssels/), { target: { value: '  Bewerbermanagement ' } });
    fireEvent.click(within(create).getByLabelText(/Stellenanzeigen lesen/));
    fireEvent.click(within(create).getByLabelText(/Bewerbungen lesen/));
    fireEvent.click(within(create).getByRole('button', { name: 'Schlüssel anlegen' }));
    const shown = await screen.findByRole('region', { name: 'Neuer API-Schlüssel' });
    expect(api.keyRequests).toEqual([{ name: 'Bewerbermanagement', scopes: ['jobs:read', 'applications:read'] }]);
    expect(shown.textContent).toContain('Er wird nur dieses eine Mal angezeigt.');
    expect(within(shown).getByTestId('new-api-key').textContent).toBe('jhk_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde');
    fireEvent.click(within(shown).getByRole('button', { name: 'Schlüssel kopieren' }));
    expect(await within(shown).findByText('Der Schlüssel ist in der Zwischenablage.')).toBeTruthy();
    expect(copied).toEqual(['jhk_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde']);

    // The list names it without the secret; once put away, the key is nowhere on the page.
    const list = await screen.findByRole('list', { name: 'API-Schlüssel' });
    const row = (await within(list).findByText('Bewerbermanagement')).closest('li')!;
    expect(row.textContent).toContain('Stellenanzeigen lesen, Bewerbungen lesen');
    expect(row.textContent).toContain('noch nie verwendet');
    fireEvent.click(within(shown).getByRole('button', { name: 'Ich habe den Schlüssel gesichert' }));
    expect(document.body.textContent).not.toContain('MnOpQrStUvWx');

    // The server's refusal lands on its field.
    fireEvent.change(within(create).getByLabelText(/Name des Schlüssels/), { target: { value: 'Bewerbermanagement' } });
    fireEvent.click(within(create).getByLabelText(/Stellenanzeigen lesen/));
    fireEvent.click(within(create).getByRole('button', { name: 'Schlüssel anlegen' }));
    expect(await within(create).findByText('Diesen Namen trägt schon ein Schlüssel.')).toBeTruthy();

    // Revoking asks once more.
    fireEvent.click(within(row).getByRole('button', { name: 'Widerrufen' }));
    fireEvent.click(within(row).getByRole('button', { name: '„Bewerbermanagement“ wirklich widerrufen' }));
    await vi.waitFor(() => expect(row.textContent).toContain('widerrufen'), ASYNC_WAIT);
    expect(api.apiKeys[0]!.revokedAt).not.toBeNull();
    await vi.waitFor(() => expect(within(row).queryByRole('button', { name: 'Widerrufen' })).toBeNull(), ASYNC_WAIT);
  });

  it('shows a member the team without controls', async () => {
    renderApp('/recruiting/portal/team', teamApi('member').respond);
    expect(await screen.findByText('kai@hafen-events.de')).toBeTruthy();
    expect(screen.getByText(/Nur die Inhaberin oder der Inhaber/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Einladen' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Entfernen' })).toBeNull();
    expect(await screen.findByText('lisa@hafen-events.de')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Erneut senden' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Zurückziehen' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'API-Schlüssel' })).toBeNull();
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

  it('an invitation link shows the organization and accepts with a password; a used one says so', async () => {
    const accepted: unknown[] = [];
    const respond = (input: string, init?: RequestInit) => {
      if (input.includes('/api/organization_invitations/gut/accept') && init?.method === 'POST') {
        accepted.push(JSON.parse(String(init.body)));
        return jsonResponse(201, { email: 'lisa@hafen-events.de', message: 'Willkommen im Team!' });
      }
      if (input.endsWith('/api/organization_invitations/gut'))
        return jsonResponse(200, { organizationName: 'Hafen Events GmbH', email: 'lisa@hafen-events.de', expiresAt: '2026-11-27T10:00:00Z' });
      if (input.includes('/api/organization_invitations/')) return jsonResponse(404, { status: 404, message: 'Diese Einladung ist ungültig oder abgelaufen.' });
      return fakeProviderApi({ signedIn: false }).respond(input, init);
    };
    const used = renderApp('/recruiting/portal/einladung/alt', respond);
    expect((await screen.findByRole('alert')).textContent).toContain('Diese Einladung ist ungültig oder abgelaufen.');
    used.unmount();
    renderApp('/recruiting/portal/einladung/gut', respond);
    const accept = await screen.findByRole('form', { name: 'Einladung annehmen' });
    expect(accept.textContent).toContain('Hafen Events GmbH lädt Sie ein');
    expect(accept.textContent).toContain('lisa@hafen-events.de');
    fireEvent.change(screen.getByLabelText('Neues Passwort'), { target: { value: 'Teamwork123!' } });
    fireEvent.change(screen.getByLabelText('Passwort wiederholen'), { target: { value: 'Teamwork123!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Einladung annehmen' }));
    expect(await screen.findByText(/Willkommen im Team! Ihr Konto ist angelegt/)).toBeTruthy();
    expect(accepted).toEqual([{ password: 'Teamwork123!', passwordConfirmation: 'Teamwork123!' }]);
    expect(screen.getByRole('link', { name: 'Zur Anmeldung' }).getAttribute('href')).toBe('/recruiting/portal/anmelden');
  });

  it('an invited person declines, and no account is made', async () => {
    const declined: string[] = [];
    const respond = (input: string, init?: RequestInit) => {
      if (input.includes('/api/organization_invitations/gut/decline') && init?.method === 'POST') {
        declined.push(input);
        return new Response(null, { status: 204 });
      }
      if (input.endsWith('/api/organization_invitations/gut'))
        return jsonResponse(200, { organizationName: 'Hafen Events GmbH', email: 'lisa@hafen-events.de', expiresAt: '2026-11-27T10:00:00Z' });
      return fakeProviderApi({ signedIn: false }).respond(input, init);
    };
    renderApp('/recruiting/portal/einladung/gut', respond);
    fireEvent.click(await screen.findByRole('button', { name: 'Einladung ablehnen' }));
    expect(await screen.findByText('Sie haben die Einladung abgelehnt. Für Ihre E-Mail-Adresse wurde kein Konto angelegt.')).toBeTruthy();
    expect(declined).toHaveLength(1);
    expect(screen.queryByRole('form', { name: 'Einladung annehmen' })).toBeNull();
  });
});
