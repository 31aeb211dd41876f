// The portal's shift page of one job: the shifts with their fill, confirming and declining a
// candidate per shift (the server's 409 for a full shift is shown as it comes), and adding a
// shift with the server's field messages under their fields.
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Shift } from '@/shared/api/shifts';
import { jsonResponse, renderApp } from '@/testing/render-app';
import { fakeProviderApi } from '../testing/fake-provider-api';
import { ASYNC_WAIT } from '@/testing/wait';

afterEach(() => vi.unstubAllGlobals());

const shift = (id: number, fields: Partial<Shift> = {}): Shift => ({
  id,
  jobPosting: '/api/job_postings/41',
  date: '2026-12-05',
  start: '10:00',
  end: '18:00',
  endsNextDay: false,
  startsAt: '2026-12-05T09:00:00Z',
  endsAt: '2026-12-05T17:00:00Z',
  placeId: null,
  place: null,
  staffNeeded: 1,
  confirmed: 0,
  freePlaces: 1,
  baseSalary: null,
  note: '',
  cancelledAt: null,
  applications: [
    { id: 501, status: 'pending', decidedAt: null, application: '/api/applications/9', candidate: { firstName: 'Jana', lastName: 'Berg' } },
    {
      id: 502,
      status: 'pending',
      decidedAt: null,
      application: '/api/applications/10',
      candidate: { firstName: 'Eva', lastName: 'Kurz' },
      workingTime: 'Jugendarbeitsschutz',
    },
  ],
  ...fields,
});

function shiftsApi(refusal = { propertyPath: 'staffNeeded', message: 'Bitte geben Sie an, wie viele Personen Sie brauchen (1 bis 500).' }) {
  const base = fakeProviderApi();
  const shifts = [shift(1)];
  const calls: string[] = [];
  const respond = (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const method = init?.method ?? 'GET';
    if (url.pathname === '/api/job_postings/41/shifts' && method === 'GET')
      return jsonResponse(200, { 'hydra:member': shifts, 'hydra:totalItems': shifts.length });
    if (url.pathname === '/api/job_postings/41/shifts' && method === 'POST')
      return jsonResponse(422, { violations: [refusal] });
    const decided = /^\/api\/shift_applications\/(\d+)$/.exec(url.pathname);
    if (decided && method === 'PATCH') {
      calls.push(`${decided[1]} ${String(init?.body)}`);
      const first = shifts[0]!;
      if (first.confirmed >= first.staffNeeded) return jsonResponse(409, { message: 'Dieser Einsatz ist bereits voll besetzt.' });
      first.confirmed += 1;
      first.applications = first.applications!.map((a) => (a.id === Number(decided[1]) ? { ...a, status: 'confirmed' } : a));
      return jsonResponse(200, first);
    }
    return base.respond(input, init);
  };
  return { respond, calls };
}

describe('portal shift page', () => {
  it('confirms per shift and shows the server refusing a full shift', async () => {
    const api = shiftsApi();
    renderApp('/recruiting/portal/stellenanzeigen/41/einsaetze', api.respond);
    const list = await screen.findByRole('list', { name: 'Bewerbungen für diesen Einsatz' });
    expect(screen.getByText('Samstag, 05.12.2026, 10:00–18:00 Uhr')).toBeTruthy();
    fireEvent.click(within(list).getAllByRole('button', { name: 'Bestätigen' })[0]!);
    await vi.waitFor(() => expect(screen.getByText(/1 von 1 bestätigt/)).toBeTruthy(), ASYNC_WAIT);
    fireEvent.click(within(list).getByRole('button', { name: 'Bestätigen' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Dieser Einsatz ist bereits voll besetzt.');
    expect(api.calls).toEqual(['501 {"status":"confirmed"}', '502 {"status":"confirmed"}']);
  });

  it('shows the neutral working-time flag beside a choice, and nothing of other employers (issue 42)', async () => {
    renderApp('/recruiting/portal/stellenanzeigen/41/einsaetze', shiftsApi().respond);
    const list = await screen.findByRole('list', { name: 'Bewerbungen für diesen Einsatz' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]!.textContent).not.toContain('Hinweis');
    const flag = within(items[1]!).getByText('· Hinweis: Jugendarbeitsschutz');
    expect(flag.getAttribute('title')).toContain('Jugendarbeitsschutzgesetz');
  });

  it('puts the server field message under its field', async () => {
    renderApp('/recruiting/portal/stellenanzeigen/41/einsaetze', shiftsApi().respond);
    const formEl = await screen.findByRole('form', { name: 'Einsatz hinzufügen' });
    fireEvent.click(within(formEl).getByRole('button', { name: 'Einsatz hinzufügen' }));
    expect(await screen.findByText('Bitte geben Sie an, wie viele Personen Sie brauchen (1 bis 500).')).toBeTruthy();
  });

  it('says the minimum wage refusal of a shift below the form, and sends the stated break (issue 42)', async () => {
    const message =
      'Der Lohn von 100,00 € pro Einsatz entspricht beim Einsatz am 05.12.2026, 20:00–06:00 (10 Stunden ohne Pause) 10,00 € pro Stunde und liegt unter dem Mindestlohn von 13,90 € pro Stunde (2026).';
    const api = shiftsApi({ propertyPath: 'baseSalary', message });
    const sent: string[] = [];
    renderApp('/recruiting/portal/stellenanzeigen/41/einsaetze', (input: string, init?: RequestInit) => {
      if ((init?.method ?? 'GET') === 'POST') sent.push(String(init?.body));
      return api.respond(input, init);
    });
    const formEl = await screen.findByRole('form', { name: 'Einsatz hinzufügen' });
    fireEvent.change(within(formEl).getByLabelText('Pause in Minuten (unbezahlt)'), { target: { value: '30' } });
    fireEvent.click(within(formEl).getByRole('button', { name: 'Einsatz hinzufügen' }));
    expect(await within(formEl).findByText(message)).toBeTruthy();
    expect(JSON.parse(sent[0]!).breakMinutes).toBe(30);
  });
});
