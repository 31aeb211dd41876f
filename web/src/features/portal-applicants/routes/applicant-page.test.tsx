// One applicant: the application as sent (cover text, places, sedcard fields with German labels,
// contact data, the documents' files), the candidate's worked shifts and no-shows as figures, the link to the
// sedcard PDF, opening a new application marks it seen, and the
// status change with a message shows its progress, the result and German errors.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp } from '@/testing/render-app';
import type { Shift } from '@/shared/api/shifts';
import { testShift } from '@/testing/shift';
import { ASYNC_WAIT } from '@/testing/wait';
import { applicant, fakeProviderApi, job } from '@/testing/fake-provider-api';

afterEach(() => vi.unstubAllGlobals());

const jobs = [job(1, { state: 'published' })];

// An evening shift (18:00–24:00) of job 1 in Hamburg with one place, still free, and the choices
// of applications 11 (Jana) and 12 (Eva).
const shift = (id: number, date: string, fields: Partial<Shift> = {}): Shift =>
  testShift({
    id,
    date,
    start: '18:00',
    end: '00:00',
    endsNextDay: true,
    startsAt: `${date}T17:00:00Z`,
    endsAt: `${date}T23:00:00Z`,
    placeId: 2911298,
    place: { id: 2911298, name: 'Hamburg', label: 'Hamburg' },
    staffNeeded: 1,
    confirmed: 0,
    applications: [
      { id: id * 10 + 1, status: 'pending', decidedAt: null, application: '/api/applications/11', candidate: { firstName: 'Jana', lastName: 'Meyer' } },
      { id: id * 10 + 2, status: 'pending', decidedAt: null, application: '/api/applications/12', candidate: { firstName: 'Eva', lastName: 'Kurz' } },
    ],
    ...fields,
  });

describe('applicant view', () => {
  it('shows the shifts chosen with this application and confirms one there (issue 41)', async () => {
    const other = shift(3, '2026-12-07', { applications: [] });
    const api = fakeProviderApi({
      jobs,
      applicants: [applicant(11, { status: 'seen' })],
      shifts: [shift(1, '2026-12-05'), shift(2, '2026-12-06', { cancelledAt: '2026-11-30T10:00:00Z' }), other],
    });
    renderApp('/recruiting/portal/bewerbungen/11', api.respond);
    const region = await screen.findByRole('region', { name: 'Gewählte Einsätze' }, ASYNC_WAIT);
    const first = within(region).getByRole('listitem', { name: 'Samstag, 05.12.2026, 18:00–24:00 Uhr' });
    expect(first.textContent).toContain('– offen');
    expect(first.textContent).toContain('Hamburg · 0 von 1 bestätigt');
    // A cancelled shift says so and has nothing to decide; a shift not chosen is not listed.
    const cancelled = within(region).getByRole('listitem', { name: 'Sonntag, 06.12.2026, 18:00–24:00 Uhr' });
    expect(cancelled.textContent).toContain('Einsatz abgesagt');
    expect(within(cancelled).queryByRole('button')).toBeNull();
    expect(within(region).getAllByRole('listitem')).toHaveLength(2);

    fireEvent.click(within(first).getByRole('button', { name: 'Bestätigen' }));
    await vi.waitFor(() => expect(first.textContent).toContain('– bestätigt'), ASYNC_WAIT);
    expect(first.textContent).toContain('1 von 1 bestätigt');
    expect(within(first).queryByRole('button', { name: 'Bestätigen' })).toBeNull();
    expect(within(first).getByRole('button', { name: 'Ablehnen' })).toBeTruthy();
    const decisions = api.calls.filter((c) => c.path.startsWith('/api/shift_applications/'));
    expect(decisions.map((c) => [c.method, c.path, c.body])).toEqual([['PATCH', '/api/shift_applications/11', { status: 'confirmed' }]]);
  });

  it('says the server refusing a full shift at the choice (issue 41)', async () => {
    const full = shift(1, '2026-12-05', { confirmed: 1, freePlaces: 0 });
    const api = fakeProviderApi({ jobs, applicants: [applicant(11, { status: 'seen' })], shifts: [full] });
    renderApp('/recruiting/portal/bewerbungen/11', api.respond);
    const region = await screen.findByRole('region', { name: 'Gewählte Einsätze' }, ASYNC_WAIT);
    fireEvent.click(within(region).getByRole('button', { name: 'Bestätigen' }));
    expect((await within(region).findByRole('alert')).textContent).toBe('Dieser Einsatz ist bereits voll besetzt.');
  });

  it('shows no shift section for a job without shifts', async () => {
    const api = fakeProviderApi({ jobs, applicants: [applicant(11, { status: 'seen' })] });
    renderApp('/recruiting/portal/bewerbungen/11', api.respond);
    expect(await screen.findByRole('heading', { name: /Jana Meyer/ })).toBeTruthy();
    await waitFor(() => expect(api.calls.some((c) => c.path === '/api/job_postings/1/shifts')).toBe(true));
    expect(screen.queryByRole('region', { name: 'Gewählte Einsätze' })).toBeNull();
  });

  it('shows the application as sent, with the sedcard PDF, and marks a new one seen', async () => {
    const api = fakeProviderApi({ jobs, applicants: [applicant(11)] });
    renderApp('/recruiting/portal/bewerbungen/11', api.respond);
    expect(await screen.findByRole('heading', { name: /Jana Meyer/ })).toBeTruthy();
    const data = screen.getByRole('region', { name: 'Angaben der Bewerbung' });
    expect(within(data).getByText('Ich habe drei Jahre Erfahrung als Promoterin.')).toBeTruthy();
    expect(within(data).getByText('Hamburg')).toBeTruthy();
    expect(within(data).getByText('jana@example.de')).toBeTruthy();
    expect(within(data).getByText('0170 1234567')).toBeTruthy();
    expect(within(data).getByText('Weiblich')).toBeTruthy();
    expect(within(data).getByText('Elbchaussee 5, 22763 Hamburg')).toBeTruthy();
    expect(within(data).getByText('Student/in')).toBeTruthy();
    expect(await within(data).findByText('Deutsch (Muttersprache)')).toBeTruthy();
    expect(within(data).getByText('Promotion (Experte)')).toBeTruthy();
    const documents = within(data).getByRole('list', { name: 'Dokumente' });
    expect(documents.textContent).toContain('Lebenslauf – Stand 2026');
    expect(within(documents).getByRole('link', { name: 'lebenslauf.pdf öffnen' }).getAttribute('href')).toBe('/api/applications/11/documents/41');
    const pdf = screen.getByRole('link', { name: 'Sedcard als PDF öffnen' });
    expect(pdf.getAttribute('href')).toBe('/api/applications/11/sedcard');

    // Opened while new: marked seen, once, without a message.
    await waitFor(() => expect(api.state.applicants[0]!.status).toBe('seen'));
    const patches = api.calls.filter((c) => c.method === 'PATCH');
    expect(patches).toHaveLength(1);
    expect(patches[0]!.body).toEqual({ status: 'seen' });
    const heading = screen.getByRole('heading', { name: /Jana Meyer/ });
    expect(await within(heading).findByText('Gesehen')).toBeTruthy();
  });

  it('the sedcard PDF: a busy render worker is a German message and a new try, never raw JSON', async () => {
    const api = fakeProviderApi({ jobs, applicants: [applicant(11, { status: 'seen' })] });
    const answers: Response[] = [
      ...Array.from({ length: 4 }, () => jsonResponse(503, { status: 503, message: 'render worker unavailable' })),
      new Response('%PDF-1.4 …', { status: 200, headers: { 'Content-Type': 'application/pdf' } }),
    ];
    const respond = (input: string, init?: RequestInit) => (input.endsWith('/api/applications/11/sedcard') ? answers.shift()! : api.respond(input, init));
    const opened: string[] = [];
    vi.stubGlobal('open', (address: string) => (opened.push(address), {}));
    URL.createObjectURL = () => 'blob:sedcard';
    URL.revokeObjectURL = () => undefined;
    renderApp('/recruiting/portal/bewerbungen/11', respond);
    fireEvent.click(await screen.findByRole('link', { name: 'Sedcard als PDF öffnen' }));

    expect(await screen.findByText(/Die Sedcard kann gerade nicht erstellt werden\. Wir versuchen es in 3 Sekunden noch einmal\./)).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/render worker|"status"/);
    // The page tries again by itself; "Jetzt erneut versuchen" does not wait. After the last try the message stays.
    fireEvent.click(screen.getByRole('button', { name: 'Jetzt erneut versuchen' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Jetzt erneut versuchen' }));
    expect(await screen.findByText(/in 30 Sekunden/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Jetzt erneut versuchen' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', expect.stringContaining('Bitte versuchen Sie es in ein paar Minuten noch einmal.'));
    expect(opened).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    await waitFor(() => expect(opened).toEqual(['blob:sedcard']));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('sets "invited" with a message, showing progress and the result', async () => {
    const api = fakeProviderApi({ jobs, applicants: [applicant(11, { status: 'seen' })] });
    renderApp('/recruiting/portal/bewerbungen/11', api.respond);
    const form = await screen.findByRole('form', { name: 'Status ändern' });
    fireEvent.change(within(form).getByLabelText('Neuer Status'), { target: { value: 'invited' } });
    fireEvent.change(within(form).getByLabelText(/Nachricht an/), { target: { value: 'Kommen Sie am Montag um 10 Uhr.' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Status speichern' }));
    expect(within(form).getByRole('button', { name: 'Wird gespeichert …' })).toBeTruthy();
    expect((await within(form).findByRole('status')).textContent).toBe(
      'Der Status „Eingeladen“ ist gespeichert. Wir benachrichtigen Jana in wenigen Minuten per E-Mail. Ändern Sie den Status bis dahin noch einmal, erhält Jana nur eine E-Mail mit dem neuesten Stand.',
    );
    expect(api.calls.find((c) => c.method === 'PATCH')!.body).toEqual({ status: 'invited', message: 'Kommen Sie am Montag um 10 Uhr.' });
    expect(api.state.applicants[0]!.status).toBe('invited');
    expect(screen.getAllByText('Eingeladen').length).toBeGreaterThan(0);
  });

  it('says when the candidate gets no more mail today, while the status is saved', async () => {
    const api = fakeProviderApi({ jobs, applicants: [applicant(11, { status: 'seen' })] });
    const limit = 'Der Status ist für Jana unter „Meine Bewerbungen“ sichtbar. Eine E-Mail senden wir heute nicht mehr.';
    const respond = async (input: string, init?: RequestInit) => {
      const answer = await api.respond(input, init);
      if (init?.method !== 'PATCH' || !answer) return answer;
      const body = (await answer.json()) as Record<string, unknown>;
      return jsonResponse(200, { ...body, statusMail: { state: 'limit', message: limit } });
    };
    renderApp('/recruiting/portal/bewerbungen/11', respond);
    const form = await screen.findByRole('form', { name: 'Status ändern' });
    fireEvent.change(within(form).getByLabelText('Neuer Status'), { target: { value: 'hired' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Status speichern' }));
    expect((await within(form).findByRole('status')).textContent).toBe(`Der Status „Eingestellt“ ist gespeichert. ${limit}`);
    expect(api.state.applicants[0]!.status).toBe('hired');
  });

  it('explains a failed status change in German', async () => {
    const api = fakeProviderApi({ jobs, applicants: [applicant(11, { status: 'seen' })], statusFails: true });
    renderApp('/recruiting/portal/bewerbungen/11', api.respond);
    const form = await screen.findByRole('form', { name: 'Status ändern' });
    fireEvent.change(within(form).getByLabelText('Neuer Status'), { target: { value: 'declined' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Status speichern' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Beim Server ist ein Fehler aufgetreten. Bitte versuchen Sie es später noch einmal.');
    expect(within(form).getByRole('button', { name: 'Status speichern' })).toBeTruthy();
    expect(api.state.applicants[0]!.status).toBe('seen');
  });

  it('shows the worked shifts and no-shows of the last 90 days as figures, and the own reliability ratings', async () => {
    const reliability = { workedShifts: 3, noShows: 1, days: 90, ownRatings: { count: 2, averageStars: 4.5 } };
    const api = fakeProviderApi({ jobs, applicants: [applicant(11, { status: 'seen', reliability })] });
    renderApp('/recruiting/portal/bewerbungen/11', api.respond);
    const line = await screen.findByLabelText('Zuverlässigkeit');
    expect(line.textContent).toBe(
      'Letzte 90 Tage auf Jobhafen: 3 Einsätze gearbeitet, 1-mal „nicht erschienen“ · Ihre Bewertung der Zuverlässigkeit: Ø 4,5 von 5 (2 Bewertungen)',
    );
  });

  it('says "noch keine Einsätze" for a candidate without shifts, and nothing for an account that is gone', async () => {
    const none = { workedShifts: 0, noShows: 0, days: 90, ownRatings: null };
    const api = fakeProviderApi({ jobs, applicants: [applicant(11, { status: 'seen', reliability: none }), applicant(12, { status: 'seen', reliability: null })] });
    const { unmount } = renderApp('/recruiting/portal/bewerbungen/11', api.respond);
    expect((await screen.findByLabelText('Zuverlässigkeit')).textContent).toBe('Letzte 90 Tage auf Jobhafen: noch keine Einsätze');
    unmount();
    renderApp('/recruiting/portal/bewerbungen/12', api.respond);
    expect(await screen.findByRole('heading', { name: /Jana Meyer/ })).toBeTruthy();
    expect(screen.queryByLabelText('Zuverlässigkeit')).toBeNull();
  });

  it('says so when the application is not there (another organization’s, or unknown)', async () => {
    renderApp('/recruiting/portal/bewerbungen/999', fakeProviderApi({ jobs }).respond);
    expect((await screen.findByRole('alert')).textContent).toBe('Das gibt es nicht.');
    expect(screen.getByRole('link', { name: 'Zurück zu den Bewerbungen' })).toBeTruthy();
  });
});
