// The candidate search page: an organization without the product reads an explanation and no
// search is sent; filters (activity, place from the suggestions, radius, employment status,
// working time) go to the address and the API; cards show no contact data and page; the detail
// sends a message with progress, shows the server's German errors (empty, once a day), and marks
// the candidate as shortlisted or declined.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { candidate, fakeCandidateSearchApi } from '../testing/fake-candidate-search-api';

afterEach(() => vi.unstubAllGlobals());

const searches = (api: ReturnType<typeof fakeCandidateSearchApi>) => api.calls.filter((c) => c.path === '/api/organizations/7/candidate_search');

// Several debounced and lazy steps per test: room for a busy 2-core machine.
describe('candidate search', () => {
  it('explains the product to an organization that has not booked it', async () => {
    const api = fakeCandidateSearchApi({ booked: false, candidates: [candidate(1)] });
    renderApp('/recruiting/portal/bewerberdatenbank', api.respond);
    expect(await screen.findByText('Die Bewerberdatenbank ist für Ihr Unternehmen noch nicht freigeschaltet.')).toBeTruthy();
    expect(screen.queryByRole('search')).toBeNull();
    expect(searches(api)).toHaveLength(0);
    expect(screen.getAllByRole('link', { name: 'Bewerberdatenbank' }).map((l) => l.getAttribute('href'))).toContain('/recruiting/bewerberdatenbank');
  });

  it('filters by activity, place and radius, status and working time, and pages', async () => {
    const people = Array.from({ length: 25 }, (_, i) =>
      candidate(i + 1, { firstName: `Lena${i + 1}`, employmentStatus: i === 0 ? 'employee' : 'student', distanceKm: 3.5 }),
    );
    const api = fakeCandidateSearchApi({ candidates: people });
    const { router } = renderApp('/recruiting/portal/bewerberdatenbank', api.respond);
    expect(await screen.findByText('25 Personen gefunden')).toBeTruthy();
    const first = (await screen.findByRole('link', { name: 'Lena1 M.' })).closest('li')!;
    expect(within(first).getByText(/25–34 Jahre · Berlin · 3,5 km entfernt · Angestellte\/r · Profil zu 60 % vollständig/)).toBeTruthy();
    expect(within(first).getByText('Promotion')).toBeTruthy();
    expect(screen.getByText('Seite 1 von 2')).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Weiter »' }));
    expect(await screen.findByRole('link', { name: 'Lena21 M.' })).toBeTruthy();

    const form = screen.getByRole('search', { name: 'Bewerber suchen' });
    fireEvent.change(await within(form).findByRole('combobox', { name: 'Tätigkeit' }), { target: { value: 'promotion' } });
    const place = within(form).getByRole('combobox', { name: 'Ort' });
    fireEvent.focus(place);
    fireEvent.change(place, { target: { value: 'Ber' } });
    fireEvent.mouseDown(await within(form).findByRole('option', { name: 'Berlin' }));
    fireEvent.change(within(form).getByRole('combobox', { name: 'Umkreis' }), { target: { value: '25' } });
    fireEvent.change(within(form).getByRole('combobox', { name: 'Beschäftigungsstatus' }), { target: { value: 'employee' } });
    fireEvent.change(within(form).getByRole('combobox', { name: 'Verfügbarkeit' }), { target: { value: 'weekend' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Suchen' }));
    expect(await screen.findByText('1 Person gefunden')).toBeTruthy();
    expect(router.state.location.search).toContain('umkreis=25');
    const last = searches(api).at(-1)!;
    expect(Object.fromEntries(last.query)).toEqual({
      activity: 'promotion',
      lat: '52.52',
      lon: '13.41',
      distance: '25',
      employmentStatus: 'employee',
      workingTime: 'weekend',
      page: '1',
      itemsPerPage: '20',
    });
  });

  it('refuses a typed place that was not chosen from the suggestions', async () => {
    const api = fakeCandidateSearchApi({ candidates: [candidate(1)] });
    renderApp('/recruiting/portal/bewerberdatenbank', api.respond);
    const form = await screen.findByRole('search', { name: 'Bewerber suchen' });
    const place = within(form).getByRole('combobox', { name: 'Ort' });
    fireEvent.change(place, { target: { value: 'Atlantis' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Suchen' }));
    expect(await within(form).findByText('Bitte wählen Sie einen Ort aus der Vorschlagsliste.')).toBeTruthy();
  });

  it('opens a candidate, sends a message with progress, and shows the German errors', async () => {
    const api = fakeCandidateSearchApi({ candidates: [candidate(4, { firstName: 'Lena', profileSummary: 'Ich liebe Messen.', languages: [{ language: 'de', level: 'native' }] })] });
    renderApp('/recruiting/portal/bewerberdatenbank', api.respond);
    fireEvent.click(await screen.findByRole('link', { name: 'Lena M.' }));
    expect(await screen.findByText('Ich liebe Messen.')).toBeTruthy();
    expect(screen.getByText('Angesehen')).toBeTruthy();
    // Languages read as words, not as the stored codes ("de native").
    expect(await screen.findByText('Deutsch (Muttersprache)')).toBeTruthy();

    const form = screen.getByRole('form', { name: 'Nachricht schreiben' });
    fireEvent.click(within(form).getByRole('button', { name: 'Nachricht senden' }));
    expect(await within(form).findByText('Bitte schreiben Sie eine Nachricht.')).toBeTruthy();
    expect(api.contacts).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText('Ihre Nachricht'), { target: { value: 'Hallo Lena, hast du am Wochenende Zeit für die IFA?' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Nachricht senden' }));
    expect(within(form).getByRole('button', { name: 'Wird gesendet …' })).toBeTruthy();
    expect(await within(form).findByText('Ihre Nachricht ist unterwegs. Wir haben sie per E-Mail an Lena geschickt.')).toBeTruthy();
    expect(api.contacts).toEqual([{ id: 4, message: 'Hallo Lena, hast du am Wochenende Zeit für die IFA?' }]);
    expect(await screen.findByText('Kontaktiert')).toBeTruthy();

    fireEvent.change(within(form).getByLabelText('Ihre Nachricht'), { target: { value: 'Noch einmal' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Nachricht senden' }));
    expect(
      await within(form).findByText('Sie haben dieser Person in den letzten 24 Stunden bereits geschrieben. Bitte warten Sie auf ihre Antwort.'),
    ).toBeTruthy();
  });

  it('marks a candidate as shortlisted, then declined', async () => {
    const api = fakeCandidateSearchApi({ candidates: [candidate(4, { firstName: 'Lena' })] });
    renderApp('/recruiting/portal/bewerberdatenbank/4', api.respond);
    const marks = await screen.findByRole('group', { name: 'Für Ihr Unternehmen markieren' });
    fireEvent.click(within(marks).getByRole('button', { name: 'Vormerken' }));
    expect(await within(marks).findByRole('button', { name: 'Vorgemerkt' })).toBeTruthy();
    expect(api.people[0]!.searchStatus).toBe('shortlisted');
    fireEvent.click(within(marks).getByRole('button', { name: 'Ablehnen' }));
    await waitFor(() => expect(api.people[0]!.searchStatus).toBe('declined'));
    expect(await within(marks).findByRole('button', { name: 'Abgelehnt' })).toBeTruthy();
    const mark = api.calls.filter((c) => c.method === 'PATCH').at(-1)!;
    expect(mark.path).toBe('/api/candidate_profiles/4/pbasis_search/7/status');
    expect(mark.body).toEqual({ status: 'declined' });
  });

  it('tells the provider when a candidate is no longer in the search', async () => {
    const api = fakeCandidateSearchApi({ candidates: [] });
    renderApp('/recruiting/portal/bewerberdatenbank/99', api.respond);
    expect(await screen.findByText('Diese Person gibt es nicht oder sie ist nicht mehr in der Bewerberdatenbank.')).toBeTruthy();
    expect(screen.getByRole('link', { name: '« Zurück zur Suche' })).toBeTruthy();
  });
});
