// The portal's calendar page: a week shows each shift on its day with its fill and a link to the
// job's shift management; moving forward asks the server for the next window; the month view asks
// for whole weeks of the month. "Kalender abonnieren" makes the team's feed address, copies it and
// makes a new one (the real server's side: tests/integration/organization_calendar_feed_test.cpp).
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp } from '@/testing/render-app';
import type { CalendarShift } from '../lib/shift-calendar';
import { fakeProviderApi } from '@/testing/fake-provider-api';
import { ASYNC_WAIT } from '@/testing/wait';

afterEach(() => vi.unstubAllGlobals());

const shift: CalendarShift = {
  id: 3,
  jobPosting: '/api/job_postings/41',
  job: { id: 41, title: 'Promoter (m/w/d) für Verkostung' },
  date: '2026-12-03',
  start: '10:00',
  end: '18:00',
  endsNextDay: false,
  startsAt: '2026-12-03T09:00:00Z',
  endsAt: '2026-12-03T17:00:00Z',
  placeId: 5,
  place: { id: 5, name: 'Hamburg', label: 'Hamburg' },
  staffNeeded: 3,
  confirmed: 2,
  freePlaces: 1,
  baseSalary: null,
  note: '',
  cancelledAt: null,
  pending: 1,
};

function calendarApi(feedStatus = 201) {
  const base = fakeProviderApi();
  const windows: string[] = [];
  const feeds: string[] = [];
  const respond = (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    if (url.pathname === '/api/organizations/7/calendar_token' && init?.method === 'POST') {
      if (feedStatus !== 201)
        return jsonResponse(feedStatus, { message: 'Ihr Unternehmen ist gesperrt. Sie können zurzeit nicht für Ihr Unternehmen handeln; bitte wenden Sie sich an unseren Support.' });
      const token = String(feeds.length + 1).repeat(43);
      feeds.push(token);
      return jsonResponse(201, { token, url: `https://jobhafen.example/api/calendar/${token}.ics` });
    }
    if (url.pathname === '/api/organizations/7/shifts') {
      const from = url.searchParams.get('from')!;
      const to = url.searchParams.get('to')!;
      windows.push(`${from} ${to}`);
      const shown = from <= shift.date && shift.date <= to ? [shift] : [];
      return jsonResponse(200, { 'hydra:member': shown, 'hydra:totalItems': shown.length });
    }
    return base.respond(input, init);
  };
  return { respond, windows, feeds };
}

describe('portal shift calendar', () => {
  it('shows a week with the fill per shift and moves to the next week and to the month', async () => {
    const api = calendarApi();
    renderApp('/recruiting/portal/einsaetze?ansicht=woche&datum=2026-12-01', api.respond);
    const day = await screen.findByRole('listitem', { name: 'Donnerstag, 03.12.' });
    expect(await within(day).findByText('2 von 3 besetzt')).toBeTruthy();
    expect(within(day).getByText(/1 Bewerbung wartet/)).toBeTruthy();
    expect(within(day).getByRole('link', { name: 'Promoter (m/w/d) für Verkostung' }).getAttribute('href')).toBe(
      '/recruiting/portal/stellenanzeigen/41/einsaetze',
    );
    expect(screen.getByRole('heading', { level: 2, name: '30.11.–06.12.2026' })).toBeTruthy();
    expect(api.windows).toEqual(['2026-11-30 2026-12-06']);

    fireEvent.click(screen.getByRole('button', { name: 'Nächste Woche' }));
    await screen.findByRole('heading', { level: 2, name: '07.12.–13.12.2026' });
    await vi.waitFor(() => expect(screen.getByText('In dieser Woche haben Sie keine Einsätze.')).toBeTruthy(), ASYNC_WAIT);
    expect(api.windows.at(-1)).toBe('2026-12-07 2026-12-13');

    fireEvent.click(screen.getByRole('button', { name: 'Monat' }));
    await screen.findByRole('heading', { level: 2, name: 'Dezember 2026' });
    expect(await screen.findByText('2 von 3 besetzt')).toBeTruthy();
    expect(api.windows.at(-1)).toBe('2026-11-30 2027-01-03');
    fireEvent.click(screen.getByRole('button', { name: 'Vorheriger Monat' }));
    await screen.findByRole('heading', { level: 2, name: 'November 2026' });
    expect(api.windows.at(-1)).toBe('2026-10-26 2026-12-06');
  });

  it('makes the team calendar link, copies it and replaces it with a new one', async () => {
    const api = calendarApi();
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderApp('/recruiting/portal/einsaetze?ansicht=woche&datum=2026-12-01', api.respond);
    const block = await screen.findByRole('region', { name: 'Kalender abonnieren' });
    expect(within(block).queryByRole('textbox')).toBeNull();
    fireEvent.click(within(block).getByRole('button', { name: 'Kalender-Link erstellen' }));
    const field = await within(block).findByRole('textbox', { name: 'Ihr Kalender-Link (nur jetzt sichtbar)' });
    const first = `https://jobhafen.example/api/calendar/${'1'.repeat(43)}.ics`;
    expect((field as HTMLInputElement).value).toBe(first);
    expect(within(block).getByRole('link', { name: 'Im Kalender öffnen' }).getAttribute('href')).toBe(
      `webcal://jobhafen.example/api/calendar/${'1'.repeat(43)}.ics`,
    );
    fireEvent.click(within(block).getByRole('button', { name: 'Link kopieren' }));
    expect(await within(block).findByRole('status')).toHaveProperty('textContent', expect.stringContaining('Der Link ist kopiert.'));
    expect(writeText).toHaveBeenCalledWith(first);

    fireEvent.click(within(block).getByRole('button', { name: 'Neuen Link erstellen' }));
    await vi.waitFor(
      () => expect((within(block).getByRole('textbox') as HTMLInputElement).value).toBe(`https://jobhafen.example/api/calendar/${'2'.repeat(43)}.ics`),
      ASYNC_WAIT,
    );
    expect(within(block).queryByRole('status')).toBeNull();
    expect(api.feeds).toHaveLength(2);
  });

  it("says why no link can be made with the server's words", async () => {
    const api = calendarApi(403);
    renderApp('/recruiting/portal/einsaetze?ansicht=woche&datum=2026-12-01', api.respond);
    const block = await screen.findByRole('region', { name: 'Kalender abonnieren' });
    fireEvent.click(within(block).getByRole('button', { name: 'Kalender-Link erstellen' }));
    expect(await within(block).findByRole('alert')).toHaveProperty('textContent', expect.stringContaining('Ihr Unternehmen ist gesperrt.'));
    expect(within(block).queryByRole('textbox')).toBeNull();
  });
});
