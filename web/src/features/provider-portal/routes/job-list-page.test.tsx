// The job list: each job with its state and the actions its state allows; publishing beyond the
// quota shows the server's German 409 message at the job; publishing a job that lacks what
// publication needs lists the missing fields by their German names; pausing and closing change
// the state; the list filters by state and pages.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { fakeProviderApi, job } from '../testing/fake-provider-api';

afterEach(() => vi.unstubAllGlobals());

const ready = { description: 'Drei Tage am Stand.', activities: [{ id: 1, slug: 'promotion', name: 'Promotion' }], locations: [{ street: null, zipcode: null, city: 'Berlin', country: 'de', placeId: 2950159 }] };

async function item(title: string) {
  const link = await screen.findByText(title);
  return link.closest('li') as HTMLElement;
}

// Several debounced and lazy steps per test: room for a busy 2-core machine.
describe('job list', { timeout: 20_000 }, () => {
  it('shows the German 409 message when publishing goes beyond the quota', async () => {
    const api = fakeProviderApi({ quota: 1, jobs: [job(1, { title: 'Promoter Berlin', state: 'published', ...ready }), job(2, { title: 'Messehostess', ...ready })] });
    renderApp('/recruiting/portal/stellenanzeigen', api.respond);
    const draft = await item('Messehostess');
    expect(within(draft).getByText('Entwurf')).toBeTruthy();
    fireEvent.click(within(draft).getByRole('button', { name: 'Veröffentlichen' }));
    expect(within(draft).getByRole('button', { name: 'Wird veröffentlicht …' })).toBeTruthy();
    const alert = await within(draft).findByRole('alert');
    expect(alert.textContent).toBe(
      'Sie haben bereits 1 aktive Stellenanzeige(n) – so viele, wie Ihr Kontingent erlaubt. Bitte pausieren oder beenden Sie eine Anzeige oder erweitern Sie Ihr Kontingent.',
    );
    expect(api.state.jobs.find((j) => j.id === 2)?.state).toBe('draft');
  });

  it('lists what publication still needs, by the fields German names', async () => {
    const api = fakeProviderApi({ jobs: [job(2, { title: 'Messehostess' })] });
    renderApp('/recruiting/portal/stellenanzeigen', api.respond);
    const draft = await item('Messehostess');
    fireEvent.click(within(draft).getByRole('button', { name: 'Veröffentlichen' }));
    const alert = await within(draft).findByRole('alert');
    expect(alert.textContent).toContain('Zum Veröffentlichen fehlt noch:');
    expect(within(alert).getByText('Beschreibung: Dieses Feld darf nicht leer sein')).toBeTruthy();
    expect(within(alert).getByText('Tätigkeiten: Dieses Feld darf nicht leer sein')).toBeTruthy();
    expect(within(alert).getByText('Einsatzorte: Dieses Feld darf nicht leer sein')).toBeTruthy();
    expect(within(alert).getByRole('link', { name: 'Jetzt ergänzen' }).getAttribute('href')).toBe('/recruiting/portal/stellenanzeigen/2');
  });

  it('publishes, pauses, publishes again and closes after asking', async () => {
    const api = fakeProviderApi({ quota: 1, jobs: [job(2, { title: 'Messehostess', ...ready })] });
    renderApp('/recruiting/portal/stellenanzeigen', api.respond);
    fireEvent.click(within(await item('Messehostess')).getByRole('button', { name: 'Veröffentlichen' }));
    await within(await item('Messehostess')).findByRole('button', { name: 'Pausieren' });
    expect(within(await item('Messehostess')).getByText('Veröffentlicht')).toBeTruthy();
    fireEvent.click(within(await item('Messehostess')).getByRole('button', { name: 'Pausieren' }));
    await within(await item('Messehostess')).findByRole('button', { name: 'Wieder veröffentlichen' });
    expect(api.state.jobs[0]!.state).toBe('paused');
    fireEvent.click(within(await item('Messehostess')).getByRole('button', { name: 'Beenden' }));
    expect(api.calls.some((c) => c.path.endsWith('/close'))).toBe(false);
    fireEvent.click(within(await item('Messehostess')).getByRole('button', { name: 'Ja, beenden' }));
    await waitFor(() => expect(api.state.jobs[0]!.state).toBe('closed'));
    expect(await within(await item('Messehostess')).findByText('Beendet')).toBeTruthy();
    expect(within(await item('Messehostess')).queryByRole('button', { name: 'Beenden' })).toBeNull();
  });

  it('duplicates a job and opens the copy in the editor', async () => {
    const api = fakeProviderApi({ jobs: [job(2, { title: 'Messehostess', state: 'closed', ...ready })] });
    const { router } = renderApp('/recruiting/portal/stellenanzeigen', api.respond);
    fireEvent.click(within(await item('Messehostess')).getByRole('button', { name: 'Duplizieren' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/recruiting/portal/stellenanzeigen/100'));
    expect(await screen.findByDisplayValue('Messehostess')).toBeTruthy();
  });

  it('filters by state and pages through long lists', async () => {
    const jobs = Array.from({ length: 45 }, (_, i) => job(i + 1, { title: `Anzeige ${i + 1}`, state: i === 0 ? 'published' : 'draft' }));
    const api = fakeProviderApi({ jobs });
    const { router } = renderApp('/recruiting/portal/stellenanzeigen', api.respond);
    expect(await screen.findByText('Seite 1 von 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Weiter »' }));
    expect(await screen.findByText('Anzeige 21')).toBeTruthy();
    expect(screen.getByText('Seite 2 von 3')).toBeTruthy();
    expect(router.state.location.search).toBe('?seite=2');
    fireEvent.click(screen.getByRole('link', { name: 'Veröffentlicht' }));
    expect(await screen.findByText('Anzeige 1')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Anzeige 2')).toBeNull());
    const last = api.calls.filter((c) => c.path === '/api/organizations/7/job_postings').at(-1)!;
    expect(Object.fromEntries(last.query)).toEqual({ state: 'published', page: '1', itemsPerPage: '20' });
  });
});
