// The team page's section "Webhooks" (docs/reach.md, "Webhooks"): the owner adds an endpoint (the
// rules answer first, the server's German refusal lands on its field), sees its signing secret once
// and copies it, presses "Test senden" and reads the delivery log (zugestellt / wird erneut versucht
// / fehlgeschlagen, status code, attempts), and removes an endpoint after confirming. A member sees
// no section.
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp } from '@/testing/render-app';
import { fakeProviderApi } from '@/testing/fake-provider-api';
import { ASYNC_WAIT } from '@/testing/wait';
import type { WebhookDelivery, WebhookEndpoint } from '../api/webhooks';

afterEach(() => vi.unstubAllGlobals());

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw8sGtoHbGm0E=';

const delivery = (id: number, fields: Partial<WebhookDelivery>): WebhookDelivery => ({
  id,
  eventType: 'application.created',
  messageId: `msg_${String(id).padStart(32, '0')}`,
  createdAt: '2026-11-30T10:00:00Z',
  state: 'delivered',
  attempts: 1,
  lastStatus: 200,
  lastError: null,
  nextAttemptAt: null,
  deliveredAt: '2026-11-30T10:00:01Z',
  ...fields,
});

/** The portal's fake API with the team routes and the webhook routes, answering as docs/reach.md says. */
function webhooksApi(role: 'owner' | 'member' = 'owner') {
  const base = fakeProviderApi();
  const endpoints: WebhookEndpoint[] = [];
  const deliveries = new Map<number, WebhookDelivery[]>();
  const requests: { method: string; path: string; body?: unknown }[] = [];
  const respond = (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const method = init?.method ?? 'GET';
    if (url.pathname.includes('/webhooks')) requests.push({ method, path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (url.pathname === '/api/organization_members/me') {
      const me = base.respond(input, init);
      return me.json().then((body: Record<string, unknown>) => jsonResponse(200, { ...body, role }));
    }
    if (['/api/organizations/7/members', '/api/organizations/7/invitations', '/api/organizations/7/api_keys'].includes(url.pathname))
      return jsonResponse(200, { 'hydra:member': [], 'hydra:totalItems': 0 });
    if (url.pathname === '/api/organizations/7/webhooks' && method === 'GET')
      return jsonResponse(200, { 'hydra:member': endpoints, 'hydra:totalItems': endpoints.length });
    if (url.pathname === '/api/organizations/7/webhooks' && method === 'POST') {
      const body = JSON.parse(String(init?.body)) as { url: string; events: WebhookEndpoint['events'] };
      if (body.url.includes('10.0.0.5'))
        return jsonResponse(422, {
          status: 422,
          message: 'Die Eingaben sind nicht gültig.',
          violations: [{ propertyPath: 'url', message: 'Diese Adresse liegt in einem privaten oder internen Netz. Bitte geben Sie eine öffentlich erreichbare Adresse an.' }],
        });
      const made: WebhookEndpoint = { id: 60 + endpoints.length, url: body.url, events: body.events, createdAt: '2026-11-30T10:00:00Z', createdBy: 'hr@hafen-events.de' };
      endpoints.unshift(made);
      deliveries.set(made.id, []);
      return jsonResponse(201, { ...made, secret: SECRET });
    }
    const log = /^\/api\/organizations\/7\/webhooks\/(\d+)\/deliveries$/.exec(url.pathname);
    if (log && method === 'GET') {
      const list = deliveries.get(Number(log[1])) ?? [];
      // What the worker did meanwhile: a test on its way arrives by the next look.
      const answer = { 'hydra:member': [...list], 'hydra:totalItems': list.length };
      list.forEach((d, i) => d.eventType === 'webhook.test' && d.state === 'pending' && (list[i] = { ...d, state: 'delivered', attempts: 1, lastStatus: 204 }));
      return jsonResponse(200, answer);
    }
    const test = /^\/api\/organizations\/7\/webhooks\/(\d+)\/test$/.exec(url.pathname);
    if (test && method === 'POST') {
      const made = delivery(90, { eventType: 'webhook.test', state: 'pending', attempts: 0, lastStatus: null, deliveredAt: null });
      deliveries.get(Number(test[1]))!.unshift(made);
      return jsonResponse(202, made);
    }
    const removal = /^\/api\/organizations\/7\/webhooks\/(\d+)$/.exec(url.pathname);
    if (removal && method === 'DELETE') {
      endpoints.splice(endpoints.findIndex((e) => e.id === Number(removal[1])), 1);
      return new Response(null, { status: 204 });
    }
    return base.respond(input, init);
  };
  return { respond, endpoints, deliveries, requests };
}

describe('portal team page: webhooks', () => {
  it('adds an endpoint with its secret shown once, sends a test and shows it delivered, then removes it', async () => {
    const api = webhooksApi('owner');
    const copied: string[] = [];
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: (text: string) => (copied.push(text), Promise.resolve()) } });
    renderApp('/recruiting/portal/team', api.respond);
    const create = await screen.findByRole('form', { name: 'Webhook-Endpunkt hinzufügen' });
    expect(await screen.findByText('Ihr Unternehmen hat noch keinen Webhook-Endpunkt.')).toBeTruthy();

    // The rules answer before anything is sent: an address without its scheme, no event.
    fireEvent.change(within(create).getByLabelText(/Adresse/), { target: { value: 'ats.hafen-events.de/hook' } });
    fireEvent.click(within(create).getByRole('button', { name: 'Endpunkt hinzufügen' }));
    expect(await within(create).findByText('Bitte wählen Sie mindestens ein Ereignis.')).toBeTruthy();
    expect(within(create).getByText(/Bitte geben Sie eine gültige Adresse an/)).toBeTruthy();
    expect(api.requests.filter((r) => r.method === 'POST')).toEqual([]);

    // The server's refusal lands on the address.
    fireEvent.change(within(create).getByLabelText(/Adresse/), { target: { value: 'https://10.0.0.5/hook' } });
    fireEvent.click(within(create).getByLabelText(/Neue Bewerbung/));
    fireEvent.click(within(create).getByRole('button', { name: 'Endpunkt hinzufügen' }));
    expect(await within(create).findByText(/liegt in einem privaten oder internen Netz/)).toBeTruthy();

    fireEvent.change(within(create).getByLabelText(/Adresse/), { target: { value: ' https://ats.hafen-events.de/jobhafen ' } });
    fireEvent.click(within(create).getByLabelText(/Status einer Bewerbung geändert/));
    fireEvent.click(within(create).getByRole('button', { name: 'Endpunkt hinzufügen' }));
    const shown = await screen.findByRole('region', { name: 'Neuer Webhook-Endpunkt' });
    expect(api.requests.filter((r) => r.method === 'POST').at(-1)!.body).toEqual({
      url: 'https://ats.hafen-events.de/jobhafen',
      events: ['application.created', 'application.status_changed'],
    });
    expect(shown.textContent).toContain('Es wird nur dieses eine Mal angezeigt.');
    expect(within(shown).getByTestId('new-webhook-secret').textContent).toBe(SECRET);
    fireEvent.click(within(shown).getByRole('button', { name: 'Geheimnis kopieren' }));
    expect(await within(shown).findByText('Das Geheimnis ist in der Zwischenablage.')).toBeTruthy();
    expect(copied).toEqual([SECRET]);
    fireEvent.click(within(shown).getByRole('button', { name: 'Ich habe das Geheimnis gesichert' }));
    expect(document.body.textContent).not.toContain(SECRET.slice(6));

    // The list, and the test: the log opens and shows it delivered.
    const list = await screen.findByRole('list', { name: 'Webhook-Endpunkte' });
    const row = (await within(list).findByText('https://ats.hafen-events.de/jobhafen')).closest('li')!;
    expect(row.textContent).toContain('Neue Bewerbung, Status einer Bewerbung geändert');
    fireEvent.click(within(row).getByRole('button', { name: 'Test senden' }));
    expect(await within(row).findByText('Das Testereignis ist unterwegs.')).toBeTruthy();
    const log = await within(row).findByRole('table', { name: 'Zustellungen an https://ats.hafen-events.de/jobhafen' });
    await vi.waitFor(() => expect(within(log).getByText('zugestellt')).toBeTruthy(), ASYNC_WAIT);
    const cells = within(log).getAllByRole('row')[1]!.textContent!;
    expect(cells).toContain('Testereignis');
    expect(cells).toContain('204');
    expect(api.requests.some((r) => r.method === 'POST' && r.path === `/api/organizations/7/webhooks/${api.endpoints[0]!.id}/test`)).toBe(true);

    // Removing asks once more.
    fireEvent.click(within(row).getByRole('button', { name: 'Entfernen' }));
    fireEvent.click(within(row).getByRole('button', { name: 'Endpunkt wirklich entfernen' }));
    expect(await screen.findByText('Ihr Unternehmen hat noch keinen Webhook-Endpunkt.')).toBeTruthy();
    expect(api.endpoints).toEqual([]);
  });

  it('shows retries and failures in the log with the reason', async () => {
    const api = webhooksApi('owner');
    api.endpoints.push({ id: 61, url: 'https://ats.hafen-events.de/hook', events: ['application.status_changed'], createdAt: '2026-11-29T10:00:00Z', createdBy: null });
    api.deliveries.set(61, [
      delivery(3, { eventType: 'application.status_changed', state: 'failed', attempts: 1, lastStatus: 404, lastError: 'Ihr System antwortete mit HTTP 404.', deliveredAt: null }),
      delivery(2, { state: 'retrying', attempts: 2, lastStatus: 503, lastError: 'Ihr System antwortete mit HTTP 503.', nextAttemptAt: '2026-11-30T10:05:00Z', deliveredAt: null }),
      delivery(1, {}),
    ]);
    renderApp('/recruiting/portal/team', api.respond);
    const row = (await screen.findByText('https://ats.hafen-events.de/hook')).closest('li')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Zustellungen anzeigen' }));
    const log = await within(row).findByRole('table');
    const rows = within(log).getAllByRole('row').map((r) => r.textContent);
    expect(rows[1]).toContain('fehlgeschlagen');
    expect(rows[1]).toContain('Ihr System antwortete mit HTTP 404.');
    expect(rows[2]).toContain('wird erneut versucht');
    expect(rows[2]).toContain('503');
    expect(rows[2]).toContain('nächster Versuch');
    expect(rows[3]).toContain('zugestellt');
  });

  it('shows a member no webhooks', async () => {
    const api = webhooksApi('member');
    renderApp('/recruiting/portal/team', api.respond);
    expect(await screen.findByText(/Nur die Inhaberin oder der Inhaber/)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Webhooks' })).toBeNull();
    expect(api.requests).toEqual([]);
  });
});
