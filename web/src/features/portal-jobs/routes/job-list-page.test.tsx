// The job list: each job with its state and the actions its state allows; publishing beyond the
// quota shows the server's German 409 message at the job; publishing a job that lacks what
// publication needs lists the missing fields by their German names; pausing and closing change
// the state; the list filters by state and pages; each job shows its page views, applications, end
// date and days left; the quota's refusal links the ad packages; a copy is titled "… (Kopie)".
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { fakeProviderApi, job } from '@/testing/fake-provider-api';

afterEach(() => vi.unstubAllGlobals());

const ready = { description: 'Drei Tage am Stand.', activities: [{ id: 1, slug: 'promotion', name: 'Promotion' }], locations: [{ street: null, zipcode: null, city: 'Berlin', country: 'de', placeId: 2950159 }] };

async function item(title: string) {
  const link = await screen.findByText(title);
  return link.closest('li') as HTMLElement;
}

// Several debounced and lazy steps per test: room for a busy 2-core machine.
describe('job list', () => {
  it('shows the German 409 message when publishing goes beyond the quota', async () => {
    const api = fakeProviderApi({ quota: 1, jobs: [job(1, { title: 'Promoter Berlin', state: 'published', ...ready }), job(2, { title: 'Messehostess', ...ready })] });
    renderApp('/recruiting/portal/stellenanzeigen', api.respond);
    const draft = await item('Messehostess');
    expect(within(draft).getByText('Entwurf')).toBeTruthy();
    fireEvent.click(within(draft).getByRole('button', { name: 'Veröffentlichen' }));
    expect(within(draft).getByRole('button', { name: 'Wird veröffentlicht …' })).toBeTruthy();
    const alert = await within(draft).findByRole('alert');
    expect(within(alert).getByText(
      'Sie haben bereits 1 aktive Stellenanzeige – so viele, wie Ihr Kontingent erlaubt. Bitte pausieren oder beenden Sie eine Anzeige oder erweitern Sie Ihr Kontingent.',
    )).toBeTruthy();
    // The quota's refusal leads to the ad packages.
    expect(within(alert).getByRole('link', { name: 'Stellenanzeigen-Pakete ansehen' }).getAttribute('href')).toBe('/recruiting/stellenanzeigen-pakete');
    expect(api.state.jobs.find((j) => j.id === 2)?.state).toBe('draft');
  });

  it('marks a job published before pay was required "Lohnangabe fehlt" (issue 42)', async () => {
    const api = fakeProviderApi({ jobs: [job(1, { title: 'Alte Anzeige', state: 'published', payMissing: true, ...ready }), job(2, { title: 'Mit Lohn', state: 'published', ...ready })] });
    renderApp('/recruiting/portal/stellenanzeigen', api.respond);
    expect(within(await item('Alte Anzeige')).getByText('Lohnangabe fehlt')).toBeTruthy();
    expect(within(await item('Mit Lohn')).queryByText('Lohnangabe fehlt')).toBeNull();
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
    expect(await screen.findByDisplayValue('Messehostess (Kopie)')).toBeTruthy();
  });

  it('shows each job’s page views of 30 days, applications, end date and days left, and what the views count', async () => {
    const api = fakeProviderApi({
      jobs: [
        job(1, { title: 'Promoter Berlin', state: 'published', viewsLast30Days: 1234, applicationsCount: 3, validThrough: '2026-12-09T22:59:59Z', daysLeft: 12 }),
        job(2, { title: 'Messehostess', state: 'published', viewsLast30Days: 2, applicationsCount: 1, validThrough: '2026-11-27T22:59:59Z', daysLeft: 0 }),
        job(3, { title: 'Fahrer', state: 'closed', validThrough: '2026-11-20T22:59:59Z', daysLeft: -7 }),
        job(4, { title: 'Aushilfe', state: 'draft' }),
        job(5, { title: 'Koch', state: 'closed', validThrough: '2026-12-31T22:59:59Z', daysLeft: 34 }),
      ],
    });
    renderApp('/recruiting/portal/stellenanzeigen', api.respond);
    const figures = async (title: string) => {
      const stats = (await item(title)).querySelector('dl')!;
      return Array.from(stats.querySelectorAll('div')).map((d) => `${d.querySelector('dt')!.textContent}: ${d.querySelector('dd')!.textContent}`);
    };
    expect(await figures('Promoter Berlin')).toEqual(['Aufrufe (30 Tage): 1.234', 'Bewerbungen: 3', 'Endet am: 09.12.2026 (noch 12 Tage)']);
    expect(await figures('Messehostess')).toEqual(['Aufrufe (30 Tage): 2', 'Bewerbungen: 1', 'Endet am: 27.11.2026 (endet heute)']);
    expect((await figures('Fahrer'))[2]).toBe('Endet am: 20.11.2026 (abgelaufen)');
    expect((await figures('Aushilfe'))[2]).toBe('Endet am: ohne Enddatum');
    // Ended by hand before its date: no countdown to a date it no longer has.
    expect((await figures('Koch'))[2]).toBe('Endet am: 31.12.2026 (beendet)');
    expect(screen.getByText(/^Aufrufe der Stellenseite in den letzten 30 Tagen, ohne Cookies gezählt/)).toBeTruthy();
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
