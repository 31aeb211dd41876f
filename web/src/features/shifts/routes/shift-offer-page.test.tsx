// The waitlist's offer on the web (docs/shifts.md "Waitlist and refill"): the mail's link
// /einsatz-angebot/:id takes the place with "Platz übernehmen"; the work limits' question comes
// first when the server asks it ("Trotzdem übernehmen" sends confirmLimits); a late click shows
// the server's refusal; /meine-einsaetze lists the waitlists with "Warteliste verlassen". The
// real server's side: tests/integration/shift_refill_test.cpp and e2e/shift-refill.test.mjs.
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ShiftOffer } from '@/shared/api/shift-waitlist';
import { jsonResponse, renderApp, SIGNED_IN_CANDIDATE } from '@/testing/render-app';
import { ASYNC_WAIT } from '@/testing/wait';

afterEach(() => vi.unstubAllGlobals());

const later = new Date(Date.now() + 3 * 86_400_000).toISOString();
const offer = (status: ShiftOffer['status']): ShiftOffer => ({
  id: 7,
  status,
  position: status === 'waiting' ? 2 : null,
  joinedAt: later,
  offeredAt: status === 'offered' ? new Date().toISOString() : null,
  expiresAt: status === 'offered' ? new Date(Date.now() + 30 * 60_000).toISOString() : null,
  shift: {
    id: 3, jobPosting: '/api/job_postings/1', date: '2026-12-05', start: '10:00', end: '16:00', endsNextDay: false,
    startsAt: later, endsAt: later, placeId: null, place: null, staffNeeded: 1, confirmed: 1, freePlaces: 0,
    baseSalary: null, note: '', cancelledAt: null,
  },
  job: { id: 1, slug: 'service', title: 'Servicekraft', organizationName: 'Warteliste GmbH' },
});

function offersApi(first: 'ok' | 'limits' | 'late', status: ShiftOffer['status'] = 'offered') {
  const accepted: unknown[] = [];
  const left: string[] = [];
  let current = offer(status);
  const respond = (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    if (url.pathname === '/api/candidate_accounts/me') return jsonResponse(200, SIGNED_IN_CANDIDATE);
    if (url.pathname === '/api/me/shift_offers') return jsonResponse(200, { 'hydra:member': [current], 'hydra:totalItems': 1 });
    if (url.pathname === '/api/me/shifts') return jsonResponse(200, { 'hydra:member': [], 'hydra:totalItems': 0 });
    if (url.pathname === '/api/shift_offers/7/accept' && init?.method === 'POST') {
      const body = JSON.parse(String(init.body ?? '{}')) as { confirmLimits?: boolean };
      accepted.push(body);
      if (first === 'late') return jsonResponse(410, { message: 'Dieses Angebot ist leider abgelaufen; der Platz wurde der nächsten Person angeboten.' });
      if (first === 'limits' && !body.confirmLimits)
        return jsonResponse(422, { violations: [{ propertyPath: 'confirmLimits', message: 'Damit würdest du im Dezember 2026 die Minijob-Grenze überschreiten. Willst du den Platz trotzdem übernehmen?' }] });
      current = offer('accepted');
      return jsonResponse(200, current);
    }
    if (url.pathname === '/api/shifts/3/waitlist' && init?.method === 'DELETE') {
      left.push('3');
      return new Response(null, { status: 204 });
    }
    if (url.pathname === '/api/health') return jsonResponse(200, { postgres: 'ok', redis: 'ok' });
    return jsonResponse(404, {});
  };
  return { respond, accepted, left };
}

describe('/einsatz-angebot/:id', () => {
  it('takes the offered place', async () => {
    const api = offersApi('ok');
    renderApp('/einsatz-angebot/7', api.respond);
    expect(await screen.findByText(/Das Angebot gilt bis/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Platz übernehmen' }));
    expect(await screen.findByText(/^Der Platz gehört dir/)).toBeTruthy();
    expect(api.accepted).toEqual([{}]);
  });

  it('asks the work limits question first, then takes the place anyway', async () => {
    const api = offersApi('limits');
    renderApp('/einsatz-angebot/7', api.respond);
    fireEvent.click(await screen.findByRole('button', { name: 'Platz übernehmen' }));
    const question = await screen.findByRole('alert');
    expect(question.textContent).toMatch(/Minijob-Grenze/);
    fireEvent.click(within(question).getByRole('button', { name: 'Trotzdem übernehmen' }));
    expect(await screen.findByText(/^Der Platz gehört dir/)).toBeTruthy();
    expect(api.accepted).toEqual([{}, { confirmLimits: true }]);
  });

  it('shows the refusal of an offer whose window has passed', async () => {
    renderApp('/einsatz-angebot/7', offersApi('late').respond);
    fireEvent.click(await screen.findByRole('button', { name: 'Platz übernehmen' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/abgelaufen/);
  });
});

describe('/meine-einsaetze: Wartelisten', () => {
  it('lists the waitlist with its place and leaves it', async () => {
    const api = offersApi('ok', 'waiting');
    renderApp('/meine-einsaetze', api.respond);
    const section = await screen.findByRole('region', { name: 'Wartelisten' });
    expect(within(section).getByText('Du bist Nummer 2 auf der Warteliste.')).toBeTruthy();
    fireEvent.click(within(section).getByRole('button', { name: /^Warteliste verlassen: Samstag, 05\.12\.2026/ }));
    await vi.waitFor(() => expect(api.left).toEqual(['3']), ASYNC_WAIT);
  });

  it('links an open offer to "Platz übernehmen"', async () => {
    renderApp('/meine-einsaetze', offersApi('ok').respond);
    const section = await screen.findByRole('region', { name: 'Wartelisten' });
    expect(within(section).getByRole('link', { name: 'Platz übernehmen' }).getAttribute('href')).toBe('/einsatz-angebot/7');
  });
});
