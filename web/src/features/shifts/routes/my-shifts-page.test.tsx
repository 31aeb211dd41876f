// /meine-einsaetze: "Absagen" asks first, then calls the shift off on the server and shows the
// list the server answers; the server's refusal (the shift has begun) is shown in the dialog.
// "Kalender-Abo beenden" ends the calendar link on the server and says so (the real server's side:
// e2e/calendar-feed.test.mjs).
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp, SIGNED_IN_CANDIDATE } from '@/testing/render-app';
import { testMyShift } from '@/testing/shift';

afterEach(() => vi.unstubAllGlobals());

const later = new Date(Date.now() + 3 * 86_400_000).toISOString();
const shift = (id: number, status: 'confirmed' | 'pending', date: string) =>
  testMyShift({ id, date, startsAt: later, endsAt: later, shiftApplication: { id: id * 10, status } });

function shiftsApi(refuse = false) {
  let mine = [shift(1, 'confirmed', '2026-12-05'), shift(2, 'pending', '2026-12-06')];
  const withdrawn: string[] = [];
  const calendar: string[] = [];
  const respond = (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    if (url.pathname === '/api/me/calendar_token') {
      calendar.push(init?.method ?? 'GET');
      if (init?.method === 'POST') return jsonResponse(201, { token: 't'.repeat(43), url: `http://localhost/api/calendar/${'t'.repeat(43)}.ics` });
      if (init?.method === 'DELETE') return new Response(null, { status: 204 });
    }
    if (url.pathname === '/api/candidate_accounts/me') return jsonResponse(200, SIGNED_IN_CANDIDATE);
    if (url.pathname === '/api/me/shifts') return jsonResponse(200, { 'hydra:member': mine, 'hydra:totalItems': mine.length });
    const m = /^\/api\/shift_applications\/(\d+)\/withdraw$/.exec(url.pathname);
    if (m && init?.method === 'POST') {
      withdrawn.push(m[1]!);
      if (refuse) return jsonResponse(409, { message: 'Dieser Einsatz hat schon begonnen. Absagen kannst du nur vorher.' });
      mine = mine.filter((s) => s.shiftApplication.id !== Number(m[1]));
      return jsonResponse(200, { 'hydra:member': mine, 'hydra:totalItems': mine.length });
    }
    if (url.pathname === '/api/health') return jsonResponse(200, { postgres: 'ok', redis: 'ok' });
    return jsonResponse(404, {});
  };
  return { respond, withdrawn, calendar };
}

describe('/meine-einsaetze', () => {
  it('asks before a confirmed shift is called off, then shows the list without it', async () => {
    const api = shiftsApi();
    renderApp('/meine-einsaetze', api.respond);
    const confirmed = await screen.findByRole('region', { name: 'Bestätigt' });
    fireEvent.click(within(confirmed).getByRole('button', { name: /^Absagen: Samstag, 05\.12\.2026/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Einsatz absagen?' });
    expect(within(dialog).getByText(/dein Platz frei/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Nicht absagen' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.withdrawn).toEqual([]);

    fireEvent.click(within(confirmed).getByRole('button', { name: /^Absagen: Samstag, 05\.12\.2026/ }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Einsatz absagen?' })).getByRole('button', { name: 'Ja, absagen' }));
    expect(await screen.findByText('Du hast den Einsatz am Samstag, 05.12.2026, 10:00–18:00 Uhr abgesagt.')).toBeTruthy();
    expect(api.withdrawn).toEqual(['10']);
    expect(screen.queryByRole('region', { name: 'Bestätigt' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Wartet auf Antwort' })).toBeTruthy();
  });

  it('shows the server refusing a shift that has begun', async () => {
    renderApp('/meine-einsaetze', shiftsApi(true).respond);
    const pending = await screen.findByRole('region', { name: 'Wartet auf Antwort' });
    fireEvent.click(within(pending).getByRole('button', { name: /^Absagen/ }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Einsatz absagen?' })).getByRole('button', { name: 'Ja, absagen' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Dieser Einsatz hat schon begonnen. Absagen kannst du nur vorher.');
  });

  it('ends the calendar subscription: the link is gone and the page says so', async () => {
    const api = shiftsApi();
    renderApp('/meine-einsaetze', api.respond);
    const section = await screen.findByRole('region', { name: 'Kalender-Abo' });
    fireEvent.click(within(section).getByRole('button', { name: 'Kalender-Link erstellen' }));
    expect(((await within(section).findByRole('textbox', { name: 'Dein Kalender-Link' })) as HTMLInputElement).value).toMatch(/\.ics$/);
    fireEvent.click(within(section).getByRole('button', { name: 'Kalender-Abo beenden' }));
    expect((await within(section).findByRole('status')).textContent).toMatch(/^Dein Kalender-Abo ist beendet\./);
    expect(within(section).queryByRole('textbox', { name: 'Dein Kalender-Link' })).toBeNull();
    expect(api.calendar).toEqual(['POST', 'DELETE']);
  });
});
