// The portal's pool page (issue 42 item 4, issue 43 item 7; docs/shifts.md "The pool of
// regulars"): the organization's invitations, members first, with their state in "Sie"-German, a
// page at a time (the server pages the list), and the server's message when it cannot be loaded.
// The real server's side: tests/integration/organization_pool_test.cpp, e2e/organization-pool.test.mjs.
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { providerPoolInvitation } from '@/testing/pool-invitation';
import { jsonResponse, renderApp } from '@/testing/render-app';
import { fakeProviderApi, job } from '@/testing/fake-provider-api';

afterEach(() => vi.unstubAllGlobals());

const invitation = providerPoolInvitation;

function poolApi(pages: (page: number) => Response) {
  const portal = fakeProviderApi({ jobs: [job(1, { state: 'published' })] });
  const asked: string[] = [];
  const respond = (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    if (url.pathname === '/api/organizations/7/pool') {
      asked.push(url.search);
      return pages(Number(url.searchParams.get('page') ?? '1'));
    }
    return portal.respond(input, init);
  };
  return { respond, asked };
}

describe('/recruiting/portal/pool', { timeout: 20_000 }, () => {
  it('lists the members with their consent’s end and the open, declined and anonymized invitations', async () => {
    const items = [
      invitation(1, { status: 'accepted', member: true, kind: 'regulars', consentUntil: '2027-11-02T10:00:00Z' }),
      invitation(2),
      invitation(3, { status: 'declined' }),
      invitation(4, { status: 'revoked', candidate: null }),
    ];
    const api = poolApi(() => jsonResponse(200, { 'hydra:member': items, 'hydra:totalItems': 4, page: 1, itemsPerPage: 20 }));
    renderApp('/recruiting/portal/pool', api.respond);
    const list = await screen.findByRole('list', { name: 'Pool' });
    const rows = within(list).getAllByRole('listitem').map((li) => li.textContent);
    expect(rows[0]).toContain('Lena Nummer1 · Stammkraft · im Pool bis 02.11.2027');
    expect(rows[1]).toContain('Lena Nummer2 · Talentpool · eingeladen am 02.11.2026, Antwort steht aus');
    expect(rows[2]).toContain('hat abgelehnt');
    expect(rows[3]).toContain('anonymisiert · Talentpool · hat die Einwilligung widerrufen');
    expect(within(list).getAllByRole('link', { name: 'Bewerbung öffnen' })).toHaveLength(3);
    expect(screen.queryByRole('navigation', { name: 'Seiten' })).toBeNull();
    expect(api.asked).toEqual(['?page=1&itemsPerPage=20']);
  });

  it('pages through a long pool', async () => {
    const api = poolApi((page) =>
      jsonResponse(200, {
        'hydra:member': page === 1 ? Array.from({ length: 20 }, (_, i) => invitation(i + 1)) : [invitation(21, { candidate: { firstName: 'Zora', lastName: 'Letzte' } })],
        'hydra:totalItems': 21,
        page,
        itemsPerPage: 20,
      }),
    );
    renderApp('/recruiting/portal/pool', api.respond);
    const pager = await screen.findByRole('navigation', { name: 'Seiten' });
    expect(pager.textContent).toContain('Seite 1 von 2');
    fireEvent.click(within(pager).getByRole('link', { name: 'Weiter »' }));
    expect(await screen.findByText(/Zora Letzte/)).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Seiten' }).textContent).toContain('Seite 2 von 2');
    expect(api.asked).toContain('?page=2&itemsPerPage=20');
  });

  it('says so in German when the pool cannot be loaded', async () => {
    renderApp('/recruiting/portal/pool', poolApi(() => jsonResponse(500, {})).respond);
    expect((await screen.findByRole('alert')).textContent).toBe('Beim Server ist ein Fehler aufgetreten. Bitte versuchen Sie es später noch einmal.');
  });
});
