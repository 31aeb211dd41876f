// The job editor: a new draft is saved with two places chosen from the place suggestions (sent by
// place id, with street), and the page moves to the draft's address; the live preview follows the
// form; the server's 422 for an unknown place shows under that place's field; "Speichern und
// veröffentlichen" is one request (`?publish=1`): it publishes a ready job, and beyond the quota or
// with a field publication needs it stores nothing and shows the German message (the 409; the 422
// at the field) and that nothing was stored; a missing title is refused before anything is sent; a
// failed save moves to the first field in error, whose error goes once it is right.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp } from '@/testing/render-app';
import { fakeProviderApi, job } from '@/testing/fake-provider-api';

afterEach(() => vi.unstubAllGlobals());

/** What publication needs, for jobs the fake API starts with. */
const ready = { description: 'x', activities: [{ id: 1, slug: 'promotion', name: 'Promotion' }], locations: [{ street: null, zipcode: null, city: 'Berlin', country: 'de', placeId: 2950159 }] };

const location = (n: number) => screen.getByRole('group', { name: `Einsatzort ${n}` });

async function choosePlace(n: number, typed: string, name: string) {
  const field = within(location(n)).getByRole('combobox');
  fireEvent.focus(field);
  fireEvent.change(field, { target: { value: typed } });
  fireEvent.mouseDown(await within(location(n)).findByRole('option', { name }));
}

async function openNew(api: ReturnType<typeof fakeProviderApi>) {
  const view = renderApp('/recruiting/portal/stellenanzeigen/neu', api.respond);
  fireEvent.change(await screen.findByLabelText('Jobtitel *'), { target: { value: 'Promoter (m/w/d)' } });
  return view;
}

const posts = (api: ReturnType<typeof fakeProviderApi>) => api.calls.filter((c) => c.method === 'POST' && c.path === '/api/job_postings');

// Several debounced and lazy steps per test: room for a busy 2-core machine.
describe('job editor', () => {
  it('saves a draft with two places from the suggestions', async () => {
    const api = fakeProviderApi();
    const { router } = await openNew(api);
    await choosePlace(1, 'Ber', 'Berlin');
    fireEvent.click(screen.getByRole('button', { name: 'Weiteren Einsatzort hinzufügen' }));
    await choosePlace(2, 'Ham', 'Hamburg');
    fireEvent.change(within(location(2)).getByLabelText('Straße und Hausnummer (Einsatzort 2)'), { target: { value: 'Messeplatz 1' } });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Promotion' }));
    fireEvent.click(screen.getByRole('button', { name: 'Entwurf speichern' }));
    expect(screen.getByRole('button', { name: 'Wird gespeichert …' })).toBeTruthy();

    await waitFor(() => expect(router.state.location.pathname).toBe('/recruiting/portal/stellenanzeigen/100'));
    const body = posts(api)[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      organization: 7,
      title: 'Promoter (m/w/d)',
      activities: ['promotion'],
      locations: [
        { placeId: 2950159, street: null, zipcode: null },
        { placeId: 2911298, street: 'Messeplatz 1', zipcode: null },
      ],
    });
    expect(await screen.findByText('Die Stellenanzeige ist gespeichert.')).toBeTruthy();
    expect(api.state.jobs[0]!.state).toBe('draft');
    // The reloaded draft (with its state) shows its places again; saving now patches it.
    expect(await screen.findByText('Status:')).toBeTruthy();
    expect(within(location(2)).getByDisplayValue('Hamburg')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Entwurf speichern' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PATCH' && c.path === '/api/job_postings/100')).toBe(true));
    expect(posts(api)).toHaveLength(1);
  });

  it('shows the job as candidates will see it while it is written', async () => {
    const api = fakeProviderApi();
    await openNew(api);
    const preview = screen.getByRole('region', { name: 'Vorschau' });
    expect(within(preview).getByRole('heading', { name: 'Promoter (m/w/d)' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Grundvergütung'), { target: { value: '14,50' } });
    fireEvent.change(screen.getByLabelText('Vergütung pro'), { target: { value: 'hour' } });
    fireEvent.change(screen.getByLabelText('Anforderungen'), { target: { value: 'Gute Laune' } });
    await choosePlace(1, 'Ber', 'Berlin');
    expect(within(preview).getAllByText('14,50 € pro Stunde').length).toBeGreaterThan(0);
    expect(within(preview).getByRole('heading', { name: 'Das bringst du mit' })).toBeTruthy();
    expect(within(preview).getByText('Gute Laune')).toBeTruthy();
    expect(within(preview).getByText('Berlin')).toBeTruthy();
    expect(await within(preview).findByText('Hafen Events GmbH')).toBeTruthy();
  });

  it('puts the 422 for an unknown place under that place', async () => {
    const api = fakeProviderApi();
    await openNew(api);
    fireEvent.click(screen.getByRole('button', { name: 'Weiteren Einsatzort hinzufügen' }));
    // The first row stays empty (not sent), so the server's locations[0] is the form's second row.
    fireEvent.change(within(location(2)).getByRole('combobox'), { target: { value: 'Atlantis' } });
    fireEvent.click(screen.getByRole('button', { name: 'Entwurf speichern' }));
    const message = 'Diesen Ort kennen wir nicht. Bitte wählen Sie einen Ort aus der Vorschlagsliste.';
    expect(await within(location(2)).findByText(message)).toBeTruthy();
    expect(within(location(2)).getByRole('combobox').getAttribute('aria-invalid')).toBe('true');
    expect(within(location(1)).queryByText(message)).toBeNull();
    expect(screen.getAllByRole('alert').some((a) => a.textContent === 'Bitte prüfen Sie die markierten Felder.')).toBe(true);
    expect((posts(api)[0]!.body as { locations: unknown[] }).locations).toEqual([{ city: 'Atlantis', country: 'de', street: null, zipcode: null }]);
    expect(api.state.jobs).toHaveLength(0);
  });

  it('saves and publishes a ready job in one request', async () => {
    const api = fakeProviderApi();
    const { router } = await openNew(api);
    fireEvent.change(screen.getByLabelText('Beschreibung'), { target: { value: 'Drei Tage am Stand.' } });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Promotion' }));
    await choosePlace(1, 'Ber', 'Berlin');
    fireEvent.click(screen.getByRole('button', { name: 'Speichern und veröffentlichen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/recruiting/portal/stellenanzeigen/100'));
    expect(await screen.findByText('Die Stellenanzeige ist veröffentlicht.')).toBeTruthy();
    expect(api.state.jobs.find((j) => j.id === 100)?.state).toBe('published');
    const writes = api.calls.filter((c) => c.method !== 'GET');
    expect(writes.map((c) => `${c.method} ${c.path}?${c.query.toString()}`)).toEqual(['POST /api/job_postings?publish=1']);
  });

  it('creates nothing and shows the quota message when publishing goes beyond it', async () => {
    const api = fakeProviderApi({ quota: 1, jobs: [job(1, { state: 'published', ...ready })] });
    const { router } = await openNew(api);
    fireEvent.change(screen.getByLabelText('Beschreibung'), { target: { value: 'Drei Tage am Stand.' } });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Promotion' }));
    await choosePlace(1, 'Ber', 'Berlin');
    fireEvent.click(screen.getByRole('button', { name: 'Speichern und veröffentlichen' }));
    expect(screen.getByRole('button', { name: 'Wird veröffentlicht …' })).toBeTruthy();
    expect((await screen.findByText(/Sie haben bereits 1 aktive Stellenanzeige –/)).textContent).toBe(
      'Sie haben bereits 1 aktive Stellenanzeige – so viele, wie Ihr Kontingent erlaubt. Bitte pausieren oder beenden Sie eine Anzeige oder erweitern Sie Ihr Kontingent.',
    );
    // Still the new job's page, with what was typed; the one request stored nothing, and the page says so.
    expect(screen.getByText('Es wurde nichts gespeichert. Mit „Entwurf speichern“ speichern Sie Ihre Angaben, ohne die Anzeige zu veröffentlichen.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/recruiting/portal/stellenanzeigen/neu');
    expect(screen.getByDisplayValue('Drei Tage am Stand.')).toBeTruthy();
    expect(api.state.jobs.map((j) => j.id)).toEqual([1]);
    expect(posts(api)).toHaveLength(1);
    expect(posts(api)[0]!.query.get('publish')).toBe('1');
  });

  it('leaves a draft as it was when it cannot be published, and shows what is missing at its field', async () => {
    const api = fakeProviderApi({ jobs: [job(5, { title: 'Alter Titel' })] });
    renderApp('/recruiting/portal/stellenanzeigen/5', api.respond);
    const title = await screen.findByLabelText('Jobtitel *');
    fireEvent.change(title, { target: { value: 'Neuer Titel' } });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern und veröffentlichen' }));
    expect(await screen.findByText('Bitte prüfen Sie die markierten Felder.')).toBeTruthy();
    expect(screen.getByLabelText('Beschreibung').getAttribute('aria-invalid')).toBe('true');
    const stored = api.state.jobs.find((j) => j.id === 5)!;
    expect([stored.state, stored.title]).toEqual(['draft', 'Alter Titel']);
    const writes = api.calls.filter((c) => c.method !== 'GET');
    expect(writes.map((c) => `${c.method} ${c.path}?${c.query.toString()}`)).toEqual(['PATCH /api/job_postings/5?publish=1']);
    // The form keeps what was typed, and says it is not stored yet.
    expect(screen.getByDisplayValue('Neuer Titel')).toBeTruthy();
    expect(screen.getByText('Es wurde nichts gespeichert. Mit „Entwurf speichern“ speichern Sie Ihre Angaben, ohne die Anzeige zu veröffentlichen.')).toBeTruthy();
  });

  it('names the save of a paused job when saving and publishing it again is refused', async () => {
    const api = fakeProviderApi({ quota: 1, jobs: [job(1, { state: 'published', ...ready }), job(6, { state: 'paused', title: 'Pausiert', ...ready })] });
    renderApp('/recruiting/portal/stellenanzeigen/6', api.respond);
    fireEvent.change(await screen.findByLabelText('Jobtitel *'), { target: { value: 'Wieder da' } });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern und wieder veröffentlichen' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(/^Sie haben bereits 1 aktive Stellenanzeige –/)).toBeTruthy();
    expect(within(alert).getByText('Es wurde nichts gespeichert. Mit „Änderungen speichern“ speichern Sie Ihre Angaben, ohne die Anzeige zu veröffentlichen.')).toBeTruthy();
    expect(api.state.jobs.find((j) => j.id === 6)).toMatchObject({ state: 'paused', title: 'Pausiert' });
  });

  it('shows the AGG findings of the saved text; a job waiting for review says so and keeps only "Änderungen speichern" (issue 42)', async () => {
    const finding = { field: 'requirement', rule: 'muttersprache', category: 'Herkunft und Sprache', words: 'Muttersprache', why: 'Das knüpft an die ethnische Herkunft an.', suggestion: 'Nennen Sie das Sprachniveau (C1).' };
    const api = fakeProviderApi({ jobs: [job(7, { state: 'draft', ...ready, wordingFindings: [finding] }), job(8, { state: 'review', ...ready, wordingFindings: [finding] })] });
    const view = renderApp('/recruiting/portal/stellenanzeigen/7', api.respond);
    const notes = await screen.findByRole('region', { name: 'Hinweise zur Formulierung' });
    expect(within(notes).getByText('Anforderungen: „Muttersprache“')).toBeTruthy();
    expect(within(notes).getByText(/Sprachniveau \(C1\)/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Trotzdem veröffentlichen' })).toBeTruthy();
    view.unmount();
    renderApp('/recruiting/portal/stellenanzeigen/8', api.respond);
    const waiting = await screen.findByRole('region', { name: 'Hinweise zur Formulierung' });
    expect(within(waiting).getByText('Ihre Anzeige wartet auf Prüfung.')).toBeTruthy();
    expect(screen.getByText('Wartet auf Prüfung')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Änderungen speichern' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /veröffentlichen/ })).toBeNull();
  });

  it('refuses a job without a title before sending anything', async () => {
    const api = fakeProviderApi();
    await openNew(api);
    fireEvent.change(screen.getByLabelText('Jobtitel *'), { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Entwurf speichern' }));
    expect(await screen.findByText('Dieses Feld darf nicht leer sein')).toBeTruthy();
    expect(screen.getByLabelText('Jobtitel *').getAttribute('aria-invalid')).toBe('true');
    expect(posts(api)).toHaveLength(0);
  });

  it('moves to the first field in error after a failed save, and the error goes once the field is right', async () => {
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = function scrollIntoView(this: Element) {
      scrolled.push(this);
    };
    const api = fakeProviderApi();
    await openNew(api);
    const title = screen.getByLabelText('Jobtitel *');
    fireEvent.change(title, { target: { value: '' } });
    const mail = screen.getByLabelText('E-Mail-Adresse');
    fireEvent.change(mail, { target: { value: 'kaputt' } });
    fireEvent.click(screen.getByRole('button', { name: 'Entwurf speichern' }));
    // The title (far above the buttons) is where the person is taken, not the address further down.
    await waitFor(() => expect(document.activeElement).toBe(title));
    expect(scrolled[scrolled.length - 1]).toBe(title);
    expect(mail.getAttribute('aria-invalid')).toBe('true');

    // A changed field is checked again in a microtask (React Hook Form), so its result is awaited.
    fireEvent.change(title, { target: { value: 'Promoter (m/w/d)' } });
    await waitFor(() => expect(title.getAttribute('aria-invalid')).toBeNull());
    expect(screen.queryByText('Dieses Feld darf nicht leer sein')).toBeNull();
    // A change that is still wrong keeps the address's error; the right value removes it.
    fireEvent.change(mail, { target: { value: 'kaputt@' } });
    await act(() => Promise.resolve());
    expect(mail.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(mail, { target: { value: 'jobs@hafen-events.de' } });
    await waitFor(() => expect(mail.getAttribute('aria-invalid')).toBeNull());
    expect(screen.queryByText('Bitte prüfen Sie die markierten Felder.')).toBeNull();
  });

  // The form on the one form library (useMutationForm): the paths the move changed.
  it("puts the server's 422 for the contact's e-mail at that field, moves there, and the message goes at the next change", async () => {
    const api = fakeProviderApi({ jobs: [job(5, { title: 'Promoter (m/w/d)' })] });
    const message = 'Diese E-Mail-Adresse nimmt keine Post an.';
    const respond = (input: string, init?: RequestInit) =>
      init?.method === 'PATCH' ? jsonResponse(422, { status: 422, violations: [{ propertyPath: 'contact.email', message }] }) : api.respond(input, init);
    renderApp('/recruiting/portal/stellenanzeigen/5', respond);
    const mail = await screen.findByLabelText('E-Mail-Adresse');
    fireEvent.change(mail, { target: { value: 'jobs@hafen-events.de' } });
    fireEvent.click(screen.getByRole('button', { name: 'Entwurf speichern' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(mail.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(mail.getAttribute('aria-describedby')!)?.textContent).toBe(message);
    await waitFor(() => expect(document.activeElement).toBe(mail));
    // At its field, not listed again above the buttons.
    expect(screen.getByRole('alert').textContent).toBe('Bitte prüfen Sie die markierten Felder.');
    fireEvent.change(mail, { target: { value: 'bewerbung@hafen-events.de' } });
    await waitFor(() => expect(screen.queryByText(message)).toBeNull());
    expect(mail.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('sends one request for a double click on publish, and a draft save after a refused publish does not publish', async () => {
    const api = fakeProviderApi({ jobs: [job(5, { title: 'Alter Titel' })] });
    renderApp('/recruiting/portal/stellenanzeigen/5', api.respond);
    fireEvent.change(await screen.findByLabelText('Jobtitel *'), { target: { value: 'Neuer Titel' } });
    const publish = screen.getByRole('button', { name: 'Speichern und veröffentlichen' });
    fireEvent.click(publish);
    fireEvent.click(publish);
    expect(await screen.findByText(/^Es wurde nichts gespeichert\./)).toBeTruthy();
    const writes = () => api.calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}?${c.query.toString()}`);
    expect(writes()).toEqual(['PATCH /api/job_postings/5?publish=1']);

    fireEvent.click(screen.getByRole('button', { name: 'Entwurf speichern' }));
    expect(screen.getByRole('button', { name: 'Wird gespeichert …' })).toBeTruthy();
    expect(await screen.findByText('Die Stellenanzeige ist gespeichert.')).toBeTruthy();
    expect(writes()).toEqual(['PATCH /api/job_postings/5?publish=1', 'PATCH /api/job_postings/5?']);
    expect(api.state.jobs.find((j) => j.id === 5)).toMatchObject({ state: 'draft', title: 'Neuer Titel' });
    // The refused publish's lines went with the save.
    expect(screen.queryByText(/^Es wurde nichts gespeichert\./)).toBeNull();
    expect(screen.getByRole('button', { name: 'Speichern und veröffentlichen' })).toBeTruthy();
  });
});
