// /meine-bewerbungen with the conversation of each application (issue 29): a forwarded application
// shows its thread and the reply box; one held until the address is confirmed shows no thread (the
// organization cannot see it yet) and asks for nothing.
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp, SIGNED_IN_CANDIDATE } from '@/testing/render-app';

afterEach(() => vi.unstubAllGlobals());

const application = (id: number, title: string, forwarded: boolean) => ({
  id, status: forwarded ? 'invited' : 'sent', forwarded, notes: null, createdAt: '2026-11-20T09:00:00Z',
  jobPosting: { id: id * 10, slug: `job-${id}`, title, organization: { name: 'Hafen Events GmbH' } },
});

function serve(path: string) {
  const { pathname } = new URL(path, 'http://localhost');
  if (pathname === '/api/candidate_accounts/me') return jsonResponse(200, SIGNED_IN_CANDIDATE);
  if (pathname === '/api/applications/my')
    return jsonResponse(200, { 'hydra:member': [application(1, 'Standpromoter', true), application(2, 'Messehostess', false)], 'hydra:totalItems': 2 });
  if (pathname === '/api/applications/1/messages')
    return jsonResponse(200, {
      application: '/api/applications/1', side: 'candidate', canWrite: true, notice: null,
      messages: [{ id: 5, from: 'provider', body: 'Können Sie am Samstag?', status: 'invited', createdAt: '2026-11-21T09:00:00Z' }],
    });
  return jsonResponse(404, {});
}

describe('/meine-bewerbungen', () => {
  it('shows the thread and the reply box under a forwarded application only', async () => {
    renderApp('/meine-bewerbungen', serve);
    const list = await screen.findByRole('list', { name: 'Deine Bewerbungen' });
    const forwarded = within(list).getAllByRole('listitem').find((li) => li.textContent?.includes('Standpromoter'))!;
    expect(await within(forwarded).findByText('Können Sie am Samstag?')).toBeTruthy();
    expect(within(forwarded).getByText(/Hafen Events GmbH · .* · Status: Zum Gespräch eingeladen/)).toBeTruthy();
    expect(within(forwarded).getByLabelText('Deine Antwort an Hafen Events GmbH')).toBeTruthy();
    const held = within(list).getAllByRole('listitem').find((li) => li.textContent?.includes('Messehostess'))!;
    expect(within(held).getByText('Wartet auf die Bestätigung deiner E-Mail-Adresse')).toBeTruthy();
    expect(within(held).queryByRole('textbox')).toBeNull();
    const asked = (vi.mocked(fetch).mock.calls as unknown as [string][]).map(([u]) => String(u));
    expect(asked.some((u) => u.includes('/applications/2/messages'))).toBe(false);
  }, 30_000); // the whole app renders: slow on a busy machine

  // Issue 42, item 4: past the organization's retention period the application stays hers, as
  // expired, without a thread (the organization can no longer read it).
  it('shows an anonymized application as expired, without its thread', async () => {
    renderApp('/meine-bewerbungen', (path) => {
      const { pathname } = new URL(path, 'http://localhost');
      if (pathname === '/api/candidate_accounts/me') return jsonResponse(200, SIGNED_IN_CANDIDATE);
      if (pathname === '/api/applications/my')
        return jsonResponse(200, { 'hydra:member': [{ ...application(3, 'Kellnerin', true), status: 'declined', anonymized: true }], 'hydra:totalItems': 1 });
      return jsonResponse(404, {});
    });
    const list = await screen.findByRole('list', { name: 'Deine Bewerbungen' });
    const item = within(list).getByRole('listitem');
    expect(within(item).getByText('Abgelaufen')).toBeTruthy();
    expect(within(item).getByText(/nach Ablauf seiner Aufbewahrungsfrist gelöscht/)).toBeTruthy();
    expect(within(item).queryByRole('textbox')).toBeNull();
    const asked = (vi.mocked(fetch).mock.calls as unknown as [string][]).map(([u]) => String(u));
    expect(asked.some((u) => u.includes('/applications/3/messages'))).toBe(false);
  }, 30_000);

  // Issue 41, item 15: the list stopped at 100; now 50 a page, and every page is reachable.
  it('pages beyond the first 50 applications', async () => {
    const asked: string[] = [];
    renderApp('/meine-bewerbungen', (path) => {
      const url = new URL(path, 'http://localhost');
      if (url.pathname === '/api/candidate_accounts/me') return jsonResponse(200, SIGNED_IN_CANDIDATE);
      if (url.pathname === '/api/applications/my') {
        asked.push(url.search);
        const page = Number(url.searchParams.get('page'));
        const ids = Array.from({ length: page === 3 ? 20 : 50 }, (_, i) => (page - 1) * 50 + i + 1);
        return jsonResponse(200, { 'hydra:member': ids.map((id) => application(id, `Job Nummer ${id}`, false)), 'hydra:totalItems': 120 });
      }
      return jsonResponse(404, {});
    });
    await screen.findByText('Job Nummer 1');
    const pages = screen.getByRole('navigation', { name: 'Seiten' });
    expect(pages.textContent).toContain('Seite 1 von 3');
    fireEvent.click(within(pages).getByRole('link', { name: 'Weiter »' }));
    await screen.findByText('Job Nummer 51');
    fireEvent.click(within(screen.getByRole('navigation', { name: 'Seiten' })).getByRole('link', { name: 'Weiter »' }));
    await screen.findByText('Job Nummer 120');
    expect(screen.getByRole('navigation', { name: 'Seiten' }).textContent).toContain('Seite 3 von 3');
    expect(asked.some((q) => q.includes('page=3') && q.includes('itemsPerPage=50'))).toBe(true);
  }, 30_000);
});
