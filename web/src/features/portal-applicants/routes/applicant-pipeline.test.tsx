// The pipeline tools in the portal (docs/providers.md, "Pipeline tools"): the team's private
// rating and notes on an applicant's page, "Vorherige(r)" / "Nächste(r)" in the order and filter
// of the list it was opened from, choosing several applicants for one status change with one
// message, and the CSV download of all jobs' or one job's applicants.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { applicant, fakeProviderApi, job } from '@/testing/fake-provider-api';

const jobs = [job(1, { title: 'Promoter Hamburg', state: 'published' }), job(2, { title: 'Messehostess Köln', state: 'published' })];
const three = () => [
  applicant(11, { status: 'seen', jobPosting: { id: 1, title: 'Promoter Hamburg' } }),
  applicant(12, { status: 'seen', jobPosting: { id: 2, title: 'Messehostess Köln' }, candidate: { firstName: 'Tom', lastName: 'Berg' } }),
  applicant(13, { status: 'seen', jobPosting: { id: 1, title: 'Promoter Hamburg' }, candidate: { firstName: 'Lea', lastName: 'Kurz' } }),
];

describe('pipeline tools', () => {
  it('rates an applicant and keeps notes, visible as the team\'s only', async () => {
    const api = fakeProviderApi({ jobs, applicants: three() });
    renderApp('/recruiting/portal/bewerbungen/11', api.respond);
    const own = await screen.findByRole('region', { name: 'Intern' });
    expect(own.textContent).toContain('nur für Ihr Team sichtbar');
    expect(await within(own).findByText('Noch nicht bewertet.')).toBeTruthy();
    fireEvent.click(within(own).getByRole('button', { name: '4 Sterne' }));
    expect(await within(own).findByText(/4 von 5 Sternen, zuletzt vergeben von hr@hafen-events\.de am/)).toBeTruthy();
    expect(within(own).getByRole('button', { name: '4 Sterne' }).getAttribute('aria-pressed')).toBe('true');
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({ stars: 4 });

    // An empty note cannot be sent; a note shows with its author and can be deleted by its author.
    const add = within(own).getByRole('form', { name: 'Notiz hinzufügen' });
    expect((within(add).getByRole('button', { name: 'Notiz speichern' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(add).getByLabelText('Neue Notiz'), { target: { value: 'Kann ab März.' } });
    expect(within(add).getByText('13 von 2000 Zeichen.')).toBeTruthy();
    fireEvent.click(within(add).getByRole('button', { name: 'Notiz speichern' }));
    const notes = await within(own).findByRole('list', { name: 'Notizen' });
    expect(notes.textContent).toContain('Kann ab März.');
    expect(notes.textContent).toContain('hr@hafen-events.de');
    expect((within(add).getByLabelText('Neue Notiz') as HTMLTextAreaElement).value).toBe('');
    fireEvent.click(within(notes).getByRole('button', { name: 'Notiz löschen' }));
    expect(await within(own).findByText('Noch keine Notizen.')).toBeTruthy();

    // Taking the rating back.
    fireEvent.click(within(own).getByRole('button', { name: 'Bewertung entfernen' }));
    expect(await within(own).findByText('Noch nicht bewertet.')).toBeTruthy();
  });

  it('moves to the next and previous applicant of the list it was opened from', async () => {
    const api = fakeProviderApi({ jobs, applicants: three() });
    renderApp('/recruiting/portal/bewerbungen?stelle=1', api.respond);
    const list = await screen.findByRole('list', { name: 'Bewerbungen' });
    const jana = within(list).getByRole('link', { name: 'Jana Meyer' });
    expect(jana.getAttribute('href')).toBe('/recruiting/portal/bewerbungen/11?stelle=1');
    fireEvent.click(jana);
    const next = await screen.findByRole('link', { name: 'Nächste(r): Lea Kurz »' });
    // Tom applied to the other job: the list of job 1 skips him.
    expect(next.getAttribute('href')).toBe('/recruiting/portal/bewerbungen/13?stelle=1');
    expect(screen.queryByRole('link', { name: /Vorherige/ })).toBeNull();
    fireEvent.click(next);
    expect(await screen.findByRole('heading', { name: /Lea Kurz/ })).toBeTruthy();
    expect(await screen.findByRole('link', { name: '« Vorherige(r): Jana Meyer' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Nächste/ })).toBeNull();
    expect(api.calls.some((c) => c.path === '/api/applications/13/neighbours' && c.query.get('jobPosting') === '1')).toBe(true);
  });

  it('changes the status of the chosen applicants at once, with one message', async () => {
    const api = fakeProviderApi({ jobs, applicants: three() });
    api.state.ratings[12] = 5;
    renderApp('/recruiting/portal/bewerbungen', api.respond);
    const list = await screen.findByRole('list', { name: 'Bewerbungen' });
    expect(within(list).getByRole('img', { name: 'Ihre Bewertung: 5 von 5 Sternen' })).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Status für die Auswahl ändern' })).toBeNull();
    fireEvent.click(screen.getByLabelText('Alle auswählen'));
    expect(await screen.findByRole('heading', { name: '3 Bewerbungen ausgewählt' })).toBeTruthy();
    fireEvent.click(within(list).getByLabelText('Tom Berg auswählen'));
    const bulk = screen.getByRole('form', { name: 'Status für die Auswahl ändern' });
    expect(within(bulk).getByRole('heading', { name: '2 Bewerbungen ausgewählt' })).toBeTruthy();
    fireEvent.change(within(bulk).getByLabelText('Neuer Status'), { target: { value: 'invited' } });
    fireEvent.change(within(bulk).getByLabelText(/Nachricht an alle/), { target: { value: 'Bis Freitag!' } });
    fireEvent.click(within(bulk).getByRole('button', { name: 'Status für alle speichern' }));
    expect(await screen.findByText('2 Bewerbungen haben jetzt den Status „Eingeladen“. Alle erhalten in wenigen Minuten eine E-Mail.')).toBeTruthy();
    const post = api.calls.find((c) => c.method === 'POST' && c.path === '/api/organizations/7/applications/status');
    expect(post?.body).toEqual({ ids: [11, 13], status: 'invited', message: 'Bis Freitag!' });
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Bewerbungen' })).getAllByText('Eingeladen')).toHaveLength(2));
    expect((screen.getByLabelText('Alle auswählen') as HTMLInputElement).checked).toBe(false);
  });

  it('says which applications were not found, and that nothing changed', async () => {
    const api = fakeProviderApi({ jobs, applicants: three() });
    const respond = (input: string, init?: RequestInit) =>
      input.includes('/applications/status')
        ? new Response(JSON.stringify({ status: 404, message: 'Diese Bewerbungen wurden nicht gefunden: 12. Es wurde nichts geändert.' }), {
            status: 404,
            headers: { 'Content-Type': 'application/json' },
          })
        : api.respond(input, init);
    renderApp('/recruiting/portal/bewerbungen', respond);
    await screen.findByRole('list', { name: 'Bewerbungen' });
    fireEvent.click(screen.getByLabelText('Tom Berg auswählen'));
    fireEvent.click(screen.getByRole('button', { name: 'Status für alle speichern' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Diese Bewerbungen wurden nicht gefunden: 12. Es wurde nichts geändert.');
  });

  it('offers the CSV of all jobs\' applicants, and of one job\'s once it is chosen (issue 41)', async () => {
    const api = fakeProviderApi({ jobs, applicants: three() });
    renderApp('/recruiting/portal/bewerbungen', api.respond);
    await screen.findByRole('list', { name: 'Bewerbungen' });
    const all = screen.getByRole('link', { name: 'Bewerbungen aller Stellenanzeigen als CSV herunterladen' });
    expect(all.getAttribute('href')).toBe('/api/organizations/7/applications.csv');
    fireEvent.change(screen.getByLabelText('Stellenanzeige'), { target: { value: '1' } });
    const csv = await screen.findByRole('link', { name: 'Bewerbungen dieser Stellenanzeige als CSV herunterladen' });
    expect(csv.getAttribute('href')).toBe('/api/organizations/7/job_postings/1/applications.csv');
  });
});
