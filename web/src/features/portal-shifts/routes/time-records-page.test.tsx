// The portal's hours page (issue 43): after approved hours the team rates the worker's reliability
// once (1–5 and an optional note, "Sie"); the server's German message shows when it refuses; a
// rated shift shows the rating as "nur für Ihr Team sichtbar" and no form.
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TimeRecord } from '@/shared/api/time-records';
import { jsonResponse, renderApp } from '@/testing/render-app';
import { timeRecord } from '@/testing/time-record';
import { fakeProviderApi, job } from '@/testing/fake-provider-api';

afterEach(() => vi.unstubAllGlobals());

const record = (fields: Partial<TimeRecord> = {}): TimeRecord =>
  timeRecord({
    status: 'approved',
    enteredBy: 'candidate',
    start: '10:00',
    end: '18:00',
    breakMinutes: 30,
    workedMinutes: 450,
    decidedAt: '2026-11-28T19:00:00Z',
    canEnter: false,
    reliabilityRating: null,
    canRateReliability: true,
    ...fields,
  });

function hoursApi(records: TimeRecord[], answer?: () => Response) {
  const portal = fakeProviderApi({ jobs: [job(1, { state: 'published' })] });
  const sent: unknown[] = [];
  const respond = (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    if (url.pathname === '/api/organizations/7/time_records') return jsonResponse(200, { 'hydra:member': records });
    if (url.pathname === '/api/shift_applications/77/reliability_rating' && init?.method === 'POST') {
      sent.push(JSON.parse(String(init.body)));
      if (answer) return answer();
      records[0] = record({ reliabilityRating: { stars: 4, comment: 'Pünktlich.', createdAt: '' }, canRateReliability: false });
      return jsonResponse(201, records[0]);
    }
    return portal.respond(input, init);
  };
  return { respond, sent };
}

describe('reliability on the hours page', { timeout: 20_000 }, () => {
  it('rates an approved shift once and then shows the rating to the team', async () => {
    const api = hoursApi([record()]);
    renderApp('/recruiting/portal/arbeitszeiten?monat=2026-11', api.respond);
    const form = await screen.findByRole('form', { name: 'Zuverlässigkeit bewerten: Jana Berg' });
    fireEvent.change(within(form).getByLabelText('Zuverlässigkeit'), { target: { value: '4' } });
    fireEvent.change(within(form).getByLabelText('Notiz (optional, nur für Ihr Team)'), { target: { value: ' Pünktlich. ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Bewertung speichern' }));
    expect(await screen.findByText('Ihre Bewertung der Zuverlässigkeit: 4 von 5 – „Pünktlich.“ (nur für Ihr Team sichtbar)')).toBeTruthy();
    expect(api.sent).toEqual([{ stars: 4, comment: 'Pünktlich.' }]);
    expect(screen.queryByRole('form', { name: 'Zuverlässigkeit bewerten: Jana Berg' })).toBeNull();
  });

  it('shows the server’s German message when no stars are chosen', async () => {
    const api = hoursApi([record()], () =>
      jsonResponse(422, { violations: [{ propertyPath: 'stars', message: 'Bitte vergeben Sie 1 bis 5 Sterne.' }] }),
    );
    renderApp('/recruiting/portal/arbeitszeiten?monat=2026-11', api.respond);
    const form = await screen.findByRole('form', { name: 'Zuverlässigkeit bewerten: Jana Berg' });
    fireEvent.click(within(form).getByRole('button', { name: 'Bewertung speichern' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Bitte vergeben Sie 1 bis 5 Sterne.');
  });

  it('offers no rating before the hours are approved', async () => {
    renderApp('/recruiting/portal/arbeitszeiten?monat=2026-11', hoursApi([record({ status: 'entered', canRateReliability: false })]).respond);
    expect(await screen.findByRole('heading', { name: /Jana Berg/ })).toBeTruthy();
    expect(screen.queryByRole('form', { name: /Zuverlässigkeit bewerten/ })).toBeNull();
  });
});

describe('QR scans on the hours page', { timeout: 20_000 }, () => {
  it('shows the scanned check-in and check-out beside the entered times', async () => {
    const scanned = record({
      status: 'entered',
      start: '10:02',
      end: '18:11',
      canRateReliability: false,
      scan: { checkedIn: '10:02', checkedOut: '18:11', checkedInAt: '2026-11-28T09:02:00Z', checkedOutAt: '2026-11-28T17:11:00Z' },
    });
    renderApp('/recruiting/portal/arbeitszeiten?monat=2026-11', hoursApi([scanned]).respond);
    const entry = await screen.findByRole('listitem', { name: /Jana Berg/ });
    expect(within(entry).getByText('Eingecheckt 10:02, ausgecheckt 18:11 (QR)')).toBeTruthy();
  });

  it('says when the worker checked in but not out, and nothing without a scan', async () => {
    const open = record({ status: 'open', canRateReliability: false, scan: { checkedIn: '09:55', checkedOut: null, checkedInAt: '', checkedOutAt: null } });
    renderApp('/recruiting/portal/arbeitszeiten?monat=2026-11', hoursApi([open, record({ shiftApplication: 78, workerName: 'Tom Kurz', scan: null })]).respond);
    const jana = await screen.findByRole('listitem', { name: /Jana Berg/ });
    expect(within(jana).getByText('Eingecheckt 09:55, nicht ausgecheckt (QR)')).toBeTruthy();
    const tom = screen.getByRole('listitem', { name: /Tom Kurz/ });
    expect(within(tom).queryByText(/Eingecheckt/)).toBeNull();
  });
});
