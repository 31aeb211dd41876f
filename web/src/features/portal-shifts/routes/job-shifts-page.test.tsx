// The portal's shift page of one job: the shifts with their fill, confirming and declining a
// candidate per shift (the server's 409 for a full shift is shown as it comes), adding a shift
// with the server's field messages under their fields, and (issue 41) a shift's own pay and place,
// also changed later in the shift's own form.
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Shift } from '@/shared/api/shifts';
import { jsonResponse, renderApp } from '@/testing/render-app';
import { fakeProviderApi, job } from '@/testing/fake-provider-api';
import { testShift } from '@/testing/shift';
import { ASYNC_WAIT } from '@/testing/wait';

afterEach(() => vi.unstubAllGlobals());

// A shift of job 41 with one place, still free, and the choices of Jana and Eva.
const shift = (id: number, fields: Partial<Shift> = {}): Shift =>
  testShift({
    id,
    jobPosting: '/api/job_postings/41',
    staffNeeded: 1,
    confirmed: 0,
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

// Job 41 at two places (Hamburg and Berlin): a shift can be limited to one of them.
const job41 = job(41, {
  state: 'published',
  locations: [
    { id: 1, street: 'Große Elbstraße 1', zipcode: '22767', city: 'Hamburg', country: 'de', placeId: 2911298 },
    { id: 2, street: null, zipcode: null, city: 'Berlin', country: 'de', placeId: 2950159 },
  ],
});

function shiftsApi(
  refusal = { propertyPath: 'staffNeeded', message: 'Bitte geben Sie an, wie viele Personen Sie brauchen (1 bis 500).' },
  shifts: Shift[] = [shift(1)],
) {
  const base = fakeProviderApi({ jobs: [job41] });
  const calls: string[] = [];
  const respond = (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const method = init?.method ?? 'GET';
    const changed = /^\/api\/shifts\/(\d+)$/.exec(url.pathname);
    if (changed && method === 'PATCH') {
      calls.push(`PATCH ${changed[1]} ${String(init?.body)}`);
      const target = shifts.find((x) => x.id === Number(changed[1]))!;
      Object.assign(target, JSON.parse(String(init?.body)));
      return jsonResponse(200, target);
    }
    const pooled = /^\/api\/shifts\/(\d+)\/pool_offer$/.exec(url.pathname);
    if (pooled && method === 'PUT') {
      calls.push(`PUT ${pooled[1]} ${String(init?.body)}`);
      const body = JSON.parse(String(init?.body)) as { poolFirstHours: number; autoConfirm: boolean };
      const target = shifts.find((x) => x.id === Number(pooled[1]))!;
      target.poolOnlyUntil = body.poolFirstHours > 0 ? '2026-12-01T11:00:00Z' : null;
      target.poolAutoConfirm = body.autoConfirm;
      return jsonResponse(200, target);
    }
    if (url.pathname === '/api/job_postings/41/shifts' && method === 'GET')
      return jsonResponse(200, { 'hydra:member': shifts, 'hydra:totalItems': shifts.length });
    if (url.pathname === '/api/job_postings/41/shifts' && method === 'POST') {
      calls.push(`POST ${String(init?.body)}`);
      return jsonResponse(422, { violations: [refusal] });
    }
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
  it('offers the check-in QR code while the code is valid, also after midnight for a shift of the day before', async () => {
    const hour = 3_600_000;
    const at = (ms: number) => new Date(Date.now() + ms).toISOString();
    // Began seven hours ago on a date that is not today, ends in an hour: its code is valid now.
    const night = shift(1, { date: '2020-01-01', startsAt: at(-7 * hour), endsAt: at(hour) });
    // Days away: no code yet.
    const later = shift(2, { date: '2099-01-01', startsAt: at(72 * hour), endsAt: at(80 * hour), applications: [] });
    renderApp('/recruiting/portal/stellenanzeigen/41/einsaetze', shiftsApi(undefined, [night, later]).respond);
    await screen.findByText(/01\.01\.2020/, undefined, ASYNC_WAIT);
    expect(screen.getAllByRole('button', { name: 'QR-Code zum Einchecken' })).toHaveLength(1);
  });

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

  it('changes a shift\'s pay in its own form, sending only what changed, and shows the new pay (issue 41)', async () => {
    const api = shiftsApi();
    renderApp('/recruiting/portal/stellenanzeigen/41/einsaetze', api.respond);
    const entry = (await screen.findByRole('heading', { name: 'Samstag, 05.12.2026, 10:00–18:00 Uhr' }, ASYNC_WAIT)).closest('li')!;
    expect(entry.textContent).toContain('alle Einsatzorte · 0 von 1 bestätigt · Lohn der Stellenanzeige');
    fireEvent.click(within(entry).getByRole('button', { name: 'Einsatz bearbeiten' }));
    const edit = within(entry).getByRole('form', { name: 'Einsatz bearbeiten' });
    expect((within(edit).getByLabelText('Datum') as HTMLInputElement).value).toBe('2026-12-05');
    fireEvent.change(within(edit).getByLabelText(/Lohn pro Stunde/), { target: { value: '16,50' } });
    fireEvent.click(within(edit).getByRole('button', { name: 'Änderungen speichern' }));
    await vi.waitFor(() => expect(entry.textContent).toContain('16,50\u00a0€ pro Stunde'), ASYNC_WAIT);
    expect(within(entry).queryByRole('form', { name: 'Einsatz bearbeiten' })).toBeNull();
    expect(api.calls).toEqual(['PATCH 1 {"baseSalary":16.5}']);
  });

  it('offers a shift to the pool first for some hours, with members confirmed at once, and says so on the shift (issue 43)', async () => {
    const api = shiftsApi();
    renderApp('/recruiting/portal/stellenanzeigen/41/einsaetze', api.respond);
    const entry = (await screen.findByRole('heading', { name: 'Samstag, 05.12.2026, 10:00–18:00 Uhr' }, ASYNC_WAIT)).closest('li')!;
    fireEvent.click(within(entry).getByRole('button', { name: 'Zuerst dem Pool anbieten' }));
    const offer = within(entry).getByRole('form', { name: 'Einsatz dem Pool anbieten' });
    const hours = within(offer).getByLabelText(/Nur für Ihren Pool/);
    fireEvent.change(hours, { target: { value: '500' } });
    fireEvent.click(within(offer).getByRole('button', { name: 'Speichern' }));
    expect(await within(offer).findByText('Bitte geben Sie zwischen 0 und 168 Stunden als ganze Zahl an.')).toBeTruthy();
    expect(api.calls).toEqual([]);
    fireEvent.change(hours, { target: { value: '48' } });
    fireEvent.click(within(offer).getByRole('checkbox', { name: /sofort bestätigen/ }));
    fireEvent.click(within(offer).getByRole('button', { name: 'Speichern' }));
    await vi.waitFor(() => expect(entry.textContent).toContain('Nur für Ihren Pool bis 01.12.2026, 12:00 Uhr · Pool-Mitglieder werden sofort bestätigt'), ASYNC_WAIT);
    expect(within(entry).queryByRole('form', { name: 'Einsatz dem Pool anbieten' })).toBeNull();
    expect(api.calls).toEqual(['PUT 1 {"poolFirstHours":48,"autoConfirm":true}']);
  });

  it('refuses a pay that is not an amount before sending, and "Abbrechen" leaves the shift as it was', async () => {
    const api = shiftsApi();
    renderApp('/recruiting/portal/stellenanzeigen/41/einsaetze', api.respond);
    const entry = (await screen.findByRole('heading', { name: 'Samstag, 05.12.2026, 10:00–18:00 Uhr' }, ASYNC_WAIT)).closest('li')!;
    fireEvent.click(within(entry).getByRole('button', { name: 'Einsatz bearbeiten' }));
    const edit = within(entry).getByRole('form', { name: 'Einsatz bearbeiten' });
    fireEvent.change(within(edit).getByLabelText(/Lohn pro Stunde/), { target: { value: 'viel' } });
    fireEvent.click(within(edit).getByRole('button', { name: 'Änderungen speichern' }));
    expect(await within(edit).findByText(/Bitte geben Sie den Lohn pro Stunde als Betrag an/)).toBeTruthy();
    fireEvent.click(within(edit).getByRole('button', { name: 'Abbrechen' }));
    expect(within(entry).queryByRole('form', { name: 'Einsatz bearbeiten' })).toBeNull();
    expect(api.calls).toEqual([]);
  });

  it('adds a shift with its own pay and one of the job\'s places (issue 41)', async () => {
    const api = shiftsApi();
    renderApp('/recruiting/portal/stellenanzeigen/41/einsaetze', api.respond);
    const formEl = await screen.findByRole('form', { name: 'Einsatz hinzufügen' });
    const place = (await within(formEl).findByLabelText('Einsatzort', {}, ASYNC_WAIT)) as HTMLSelectElement;
    expect([...place.options].map((o) => o.textContent)).toEqual(['Alle Einsatzorte der Stellenanzeige', 'Hamburg, Große Elbstraße 1', 'Berlin']);
    fireEvent.change(place, { target: { value: '2950159' } });
    fireEvent.change(within(formEl).getByLabelText(/Lohn pro Stunde/), { target: { value: '15,50' } });
    fireEvent.click(within(formEl).getByRole('button', { name: 'Einsatz hinzufügen' }));
    await vi.waitFor(() => expect(api.calls).toHaveLength(1), ASYNC_WAIT);
    const sent = JSON.parse(api.calls[0]!.slice('POST '.length));
    expect(sent.baseSalary).toBe(15.5);
    expect(sent.placeId).toBe(2950159);
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

  it('says the minimum wage refusal of a shift at its pay field, and sends the stated break (issue 42)', async () => {
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
    expect(within(formEl).getByLabelText(/Lohn pro Stunde/).getAttribute('aria-invalid')).toBe('true');
    expect(JSON.parse(sent[0]!).breakMinutes).toBe(30);
  });
});
