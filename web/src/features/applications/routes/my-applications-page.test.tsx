// /meine-bewerbungen with the conversation of each application (issue 29): a forwarded application
// shows its thread and the reply box; one held until the address is confirmed shows no thread (the
// organization cannot see it yet) and asks for nothing.
import { screen, within } from '@testing-library/react';
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
});
