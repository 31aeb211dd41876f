// "Deine Zeiten" on /meine-einsaetze (issue 43): "Wie geplant" and "Zeiten speichern" (two taps)
// send the planned times; the server's message for the break is shown at the break's field; a
// corrected entry offers one objection.
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TimeRecord } from '@/shared/api/time-records';
import { jsonResponse, renderApp, SIGNED_IN_CANDIDATE } from '@/testing/render-app';
import { timeRecord } from '@/testing/time-record';
import { ASYNC_WAIT } from '@/testing/wait';

afterEach(() => vi.unstubAllGlobals());

const record = timeRecord;

function recordsApi(records: TimeRecord[], refuseBreak = false) {
  const sent: string[] = [];
  const respond = (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    if (url.pathname === '/api/candidate_accounts/me') return jsonResponse(200, SIGNED_IN_CANDIDATE);
    if (url.pathname === '/api/me/shifts') return jsonResponse(200, { 'hydra:member': [], 'hydra:totalItems': 0 });
    if (url.pathname === '/api/me/time_records') return jsonResponse(200, { 'hydra:member': records });
    if (url.pathname.startsWith('/api/shift_applications/77/time_record')) {
      sent.push(`${init?.method} ${url.pathname} ${String(init?.body)}`);
      if (refuseBreak)
        return jsonResponse(422, { violations: [{ propertyPath: 'breakMinutes', message: 'Die Pause muss kürzer sein als die Zeit zwischen Beginn und Ende.' }] });
      return jsonResponse(200, records[0]);
    }
    if (url.pathname === '/api/health') return jsonResponse(200, { postgres: 'ok', redis: 'ok' });
    return jsonResponse(404, {});
  };
  return { respond, sent };
}

describe('Deine Zeiten', { timeout: 20_000 }, () => {
  it('enters the planned times with two taps', async () => {
    const api = recordsApi([record()]);
    renderApp('/meine-einsaetze', api.respond);
    const form = await screen.findByRole('form', { name: 'Zeiten eintragen: 28.11.2026, Messehilfe' });
    fireEvent.click(within(form).getByRole('button', { name: /Wie geplant/ }));
    fireEvent.click(within(form).getByRole('button', { name: 'Zeiten speichern' }));
    await vi.waitFor(() =>
      expect(api.sent).toEqual(['PUT /api/shift_applications/77/time_record {"start":"10:00","end":"18:00","breakMinutes":0}']),
      ASYNC_WAIT,
    );
  });

  it('shows the server message at the break', async () => {
    renderApp('/meine-einsaetze', recordsApi([record()], true).respond);
    const form = await screen.findByRole('form', { name: /Zeiten eintragen/ });
    fireEvent.click(within(form).getByRole('button', { name: /Wie geplant/ }));
    fireEvent.change(within(form).getByLabelText('Pause in Minuten'), { target: { value: '600' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Zeiten speichern' }));
    expect(await within(form).findByText('Die Pause muss kürzer sein als die Zeit zwischen Beginn und Ende.')).toBeTruthy();
  });

  it('shows "nicht erschienen" and offers one objection to it (issue 43, item 4)', async () => {
    const missed = record({ status: 'no_show', enteredBy: 'provider', workedMinutes: 0, canEnter: false, canObject: true });
    const api = recordsApi([missed]);
    renderApp('/meine-einsaetze', api.respond);
    expect(await screen.findByText(/Vom Jobanbieter als „nicht erschienen“ eingetragen/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Widersprechen' }));
    fireEvent.change(screen.getByLabelText(/Was stimmt nicht/), { target: { value: 'Ich war da.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Widerspruch senden' }));
    await vi.waitFor(() => expect(api.sent).toEqual(['POST /api/shift_applications/77/time_record/objection {"text":"Ich war da."}']), ASYNC_WAIT);
  });

  it('offers one objection to a correction', async () => {
    const corrected = record({
      status: 'corrected',
      enteredBy: 'provider',
      start: '10:05',
      end: '18:00',
      breakMinutes: 30,
      workedMinutes: 445,
      candidateEntry: { start: '10:05', end: '18:20', breakMinutes: 30 },
      canEnter: false,
      canObject: true,
    });
    const api = recordsApi([corrected]);
    renderApp('/meine-einsaetze', api.respond);
    expect(await screen.findByText(/10:05–18:00 Uhr, 30 Min\. Pause · 7,42 Std\./)).toBeTruthy();
    expect(screen.getByText(/Deine Angabe: 10:05–18:20 Uhr/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Widersprechen' }));
    fireEvent.change(screen.getByLabelText(/Was stimmt nicht/), { target: { value: 'Ich war bis 18:20 da.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Widerspruch senden' }));
    await vi.waitFor(() =>
      expect(api.sent).toEqual(['POST /api/shift_applications/77/time_record/objection {"text":"Ich war bis 18:20 da."}']),
      ASYNC_WAIT,
    );
  });
});
