// The applicants list: overall and per job, filtered by status, paged; no contact data in the
// list; a member whose organization is still under review is told when applications will show.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { applicant, fakeProviderApi, job } from '@/testing/fake-provider-api';

afterEach(() => vi.unstubAllGlobals());

const jobs = [job(1, { title: 'Promoter Hamburg', state: 'published' }), job(2, { title: 'Messehostess Köln', state: 'published' })];

describe('applicants list', () => {
  it('lists every application with job, places and status, and filters by status and job', async () => {
    const api = fakeProviderApi({
      jobs,
      applicants: [
        applicant(11, { jobPosting: { id: 1, title: 'Promoter Hamburg' } }),
        applicant(12, { status: 'invited', jobPosting: { id: 2, title: 'Messehostess Köln' }, candidate: { firstName: 'Tom', lastName: 'Berg' } }),
      ],
    });
    renderApp('/recruiting/portal/bewerbungen', api.respond);
    const list = await screen.findByRole('list', { name: 'Bewerbungen' });
    const jana = within(list).getByRole('link', { name: 'Jana Meyer' });
    expect(jana.getAttribute('href')).toBe('/recruiting/portal/bewerbungen/11');
    const item = jana.closest('li') as HTMLElement;
    expect(within(item).getByText('Neu')).toBeTruthy();
    expect(item.textContent).toContain('Promoter Hamburg · Hamburg · eingegangen am');
    expect(within(list).getByText('Eingeladen')).toBeTruthy();
    expect(list.textContent).not.toContain('jana@example.de');

    // Status filter: the address carries it, the server is asked for it.
    fireEvent.click(screen.getByRole('link', { name: 'Eingeladen' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Jana Meyer' })).toBeNull());
    expect(screen.getByRole('link', { name: 'Tom Berg' })).toBeTruthy();
    expect(api.calls.some((c) => c.path === '/api/organizations/7/applications' && c.query.get('status') === 'invited')).toBe(true);

    // Job filter: the organization's jobs to choose from.
    const select = screen.getByLabelText('Stellenanzeige') as HTMLSelectElement;
    await within(select).findByRole('option', { name: 'Messehostess Köln' });
    fireEvent.change(select, { target: { value: '1' } });
    expect(await screen.findByText('Zu dieser Auswahl gibt es keine Bewerbungen.')).toBeTruthy();
    expect(api.calls.some((c) => c.query.get('jobPosting') === '1' && c.query.get('status') === 'invited')).toBe(true);
  });

  // Issue 42, item 4: an application past the retention period names nobody and opens nothing; one
  // within 30 days of it says the day.
  it('shows an anonymized application as such and announces the coming one', async () => {
    const api = fakeProviderApi({
      jobs,
      applicants: [
        applicant(21, { status: 'declined', anonymized: true, candidate: { firstName: '', lastName: '' } }),
        applicant(22, { status: 'declined', anonymizeAt: '2026-12-24T10:00:00Z', candidate: { firstName: 'Tom', lastName: 'Berg' } }),
      ],
    });
    renderApp('/recruiting/portal/bewerbungen', api.respond);
    const list = await screen.findByRole('list', { name: 'Bewerbungen' });
    const gone = within(list).getByRole('heading', { name: /anonymisiert/ }).closest('li') as HTMLElement;
    expect(within(gone).queryByRole('link')).toBeNull();
    expect(within(gone).queryByRole('checkbox')).toBeNull();
    expect(gone.textContent).toContain('nach Ablauf der Aufbewahrungsfrist anonymisiert');
    const tom = within(list).getByRole('link', { name: 'Tom Berg' }).closest('li') as HTMLElement;
    expect(within(tom).getByText('Wird am 24.12.2026 anonymisiert')).toBeTruthy();
  });

  it('shows the applications of one job from its address, and pages', async () => {
    const many = Array.from({ length: 25 }, (_, i) =>
      applicant(100 + i, { jobPosting: { id: 2, title: 'Messehostess Köln' }, candidate: { firstName: `Person${i}`, lastName: 'X' } }),
    );
    const api = fakeProviderApi({ jobs, applicants: [applicant(1), ...many] });
    renderApp('/recruiting/portal/bewerbungen?stelle=2', api.respond);
    const list = await screen.findByRole('list', { name: 'Bewerbungen' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    expect(within(list).queryByRole('link', { name: 'Jana Meyer' })).toBeNull();
    expect(screen.getByText('Seite 1 von 2')).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Weiter »' }));
    expect(await screen.findByText('Seite 2 von 2')).toBeTruthy();
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Bewerbungen' })).getAllByRole('listitem')).toHaveLength(5));
  });

  it('is reached per job from the job list', async () => {
    const api = fakeProviderApi({ jobs: [job(2, { title: 'Messehostess Köln', state: 'published', applicationsCount: 3 }), job(3, { title: 'Ohne Bewerbung' })] });
    renderApp('/recruiting/portal/stellenanzeigen', api.respond);
    const links = await screen.findAllByRole('link', { name: 'Bewerbungen auf diese Anzeige ansehen' });
    expect(links).toHaveLength(1);
    expect(links[0]!.getAttribute('href')).toBe('/recruiting/portal/bewerbungen?stelle=2');
    expect(screen.getByRole('navigation', { name: 'Portal' }).querySelector('a[href="/recruiting/portal/bewerbungen"]')?.textContent).toBe('Bewerbungen');
  });

  it('shows each card’s worked shifts and no-shows of the last 90 days', async () => {
    const api = fakeProviderApi({
      jobs,
      applicants: [applicant(11, { reliability: { workedShifts: 1, noShows: 0, days: 90, ownRatings: null } })],
    });
    renderApp('/recruiting/portal/bewerbungen', api.respond);
    const list = await screen.findByRole('list', { name: 'Bewerbungen' });
    const item = within(list).getByRole('link', { name: 'Jana Meyer' }).closest('li') as HTMLElement;
    expect(within(item).getByLabelText('Zuverlässigkeit').textContent).toBe(
      'Letzte 90 Tage auf Jobhafen: 1 Einsatz gearbeitet, nie „nicht erschienen“',
    );
  });

  it('says when there are no applications yet', async () => {
    renderApp('/recruiting/portal/bewerbungen', fakeProviderApi({ jobs }).respond);
    expect(await screen.findByText('Sie haben noch keine Bewerbungen erhalten.')).toBeTruthy();
  });

  it('tells a member under review that applications show once the access is active', async () => {
    const api = fakeProviderApi({ canAct: false });
    renderApp('/recruiting/portal/bewerbungen', api.respond);
    expect(await screen.findByText(/Sobald Ihr Zugang freigeschaltet ist/)).toBeTruthy();
    expect(api.calls.some((c) => c.path.endsWith('/applications'))).toBe(false);
  });
});
