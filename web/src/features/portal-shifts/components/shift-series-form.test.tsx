// The series form on a job's shift page (issue 43): a range of days, one unticked, × two time
// slots is sent as one request with every date and slot; the server's message for one slot is shown
// at that slot's field, and the count is shown before sending.
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp } from '@/testing/render-app';
import { daysBetween } from '../api/shift-series';
import { fakeProviderApi } from '@/testing/fake-provider-api';

afterEach(() => vi.unstubAllGlobals());

function seriesApi(refuse: boolean) {
  const base = fakeProviderApi();
  const sent: unknown[] = [];
  const respond = (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const method = init?.method ?? 'GET';
    if (url.pathname === '/api/job_postings/41/shifts' && method === 'GET') return jsonResponse(200, { 'hydra:member': [], 'hydra:totalItems': 0 });
    if (url.pathname === '/api/job_postings/41/shift_series' && method === 'POST') {
      sent.push(JSON.parse(String(init?.body)));
      if (refuse)
        return jsonResponse(422, {
          violations: [{ propertyPath: 'slots[1].start', message: 'Dieses Zeitfenster (13:00–20:00) überschneidet sich mit Zeitfenster 1 (08:00–14:00).' }],
        });
      return jsonResponse(201, { 'hydra:member': [], 'hydra:totalItems': 4 });
    }
    return base.respond(input, init);
  };
  return { respond, sent };
}

async function fill(form: HTMLElement, secondStart: string) {
  fireEvent.change(within(form).getByLabelText('Erster Tag'), { target: { value: '2026-12-05' } });
  fireEvent.change(within(form).getByLabelText('Letzter Tag'), { target: { value: '2026-12-07' } });
  fireEvent.click(within(form).getByRole('checkbox', { name: /So, 06\.12\.2026/ }));
  fireEvent.change(within(form).getByLabelText('Beginn (Zeitfenster 1)'), { target: { value: '08:00' } });
  fireEvent.change(within(form).getByLabelText('Ende (Zeitfenster 1)'), { target: { value: '14:00' } });
  fireEvent.change(within(form).getByLabelText('Personen (Zeitfenster 1)'), { target: { value: '3' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Weiteres Zeitfenster' }));
  fireEvent.change(within(form).getByLabelText('Beginn (Zeitfenster 2)'), { target: { value: secondStart } });
  fireEvent.change(within(form).getByLabelText('Ende (Zeitfenster 2)'), { target: { value: '20:00' } });
}

describe('shift series form', { timeout: 20_000 }, () => {
  it('sends every chosen day with every slot in one request', async () => {
    const api = seriesApi(false);
    renderApp('/recruiting/portal/stellenanzeigen/41/einsaetze', api.respond);
    const form = await screen.findByRole('form', { name: 'Einsatzserie anlegen' });
    await fill(form, '14:00');
    expect(within(form).getByText(/4 Einsätze \(2 Tage × 2 Zeitfenster\)/)).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: '4 Einsätze anlegen' }));
    expect(await within(form).findByText('4 Einsätze angelegt.')).toBeTruthy();
    expect(api.sent).toEqual([
      {
        dates: ['2026-12-05', '2026-12-07'],
        slots: [
          { start: '08:00', end: '14:00', staffNeeded: 3 },
          { start: '14:00', end: '20:00', staffNeeded: 1 },
        ],
      },
    ]);
  });

  it('shows the server naming one slot at that slot', async () => {
    renderApp('/recruiting/portal/stellenanzeigen/41/einsaetze', seriesApi(true).respond);
    const form = await screen.findByRole('form', { name: 'Einsatzserie anlegen' });
    await fill(form, '13:00');
    fireEvent.click(within(form).getByRole('button', { name: '4 Einsätze anlegen' }));
    expect(await within(form).findByText(/überschneidet sich mit Zeitfenster 1/)).toBeTruthy();
    expect(within(form).getByLabelText('Beginn (Zeitfenster 2)').getAttribute('aria-invalid')).toBe('true');
  });

  it('counts days across a month end', () => {
    expect(daysBetween('2026-11-29', '2026-12-02')).toEqual(['2026-11-29', '2026-11-30', '2026-12-01', '2026-12-02']);
    expect(daysBetween('2026-12-02', '2026-11-29')).toEqual([]);
    expect(daysBetween('2026-01-01', '2026-12-31', 200)).toHaveLength(200);
  });
});
