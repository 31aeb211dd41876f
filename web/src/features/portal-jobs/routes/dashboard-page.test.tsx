// The portal's overview: active ads against the quota, new applications and the views of the
// organization's jobs in the last 30 days, drafts and paused ads from the job list's totals, the
// latest changes; a member whose organization is under review is told so and offered no new job.
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { applicant, fakeProviderApi, job } from '@/testing/fake-provider-api';

afterEach(() => vi.unstubAllGlobals());

// Several debounced and lazy steps per test: room for a busy 2-core machine.
describe('portal overview', () => {
  it('shows the overview: active ads of the quota, drafts, paused ads', async () => {
    const api = fakeProviderApi({
      quota: 3,
      jobs: [job(1, { state: 'published' }), job(2, { state: 'draft', title: 'Messehostess' }), job(3, { state: 'draft' }), job(4, { state: 'paused' })],
    });
    renderApp('/recruiting/portal', api.respond);
    const figures = await screen.findByRole('region', { name: 'Kennzahlen' });
    expect(within(figures).getByText('1 von 3')).toBeTruthy();
    expect(within(figures).getByText('Noch 2 Anzeigen frei')).toBeTruthy();
    const drafts = within(figures).getByRole('link', { name: 'Entwürfe' }).closest('div')!;
    expect(await within(drafts as HTMLElement).findByText('2')).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Messehostess' })).toBeTruthy();
  });

  it('the header shows the signed-in organization, not "Login" and "Kostenlos registrieren"', async () => {
    renderApp('/recruiting/portal', fakeProviderApi().respond);
    const header = screen.getByRole('banner');
    expect(await within(header).findByRole('link', { name: 'Angemeldet als Hafen Events GmbH – zum Portal' })).toBeTruthy();
    expect(within(header).queryByRole('link', { name: 'Login' })).toBeNull();
    expect(within(header).queryByRole('link', { name: 'Kostenlos registrieren' })).toBeNull();
  });

  it('folds the portal menu into one button (a phone shows it closed) and folds it again after a move', async () => {
    renderApp('/recruiting/portal', fakeProviderApi().respond);
    const nav = await screen.findByRole('navigation', { name: 'Portal' });
    const toggle = within(nav).getByRole('button', { name: 'Portal-Menü' });
    const body = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(body.dataset.open).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(body.dataset.open).toBe('true');
    fireEvent.click(within(body).getByRole('link', { name: 'Team' }));
    expect((await screen.findAllByRole('heading', { level: 1, name: 'Team' })).length).toBeGreaterThan(0);
    expect(within(screen.getByRole('navigation', { name: 'Portal' })).getByRole('button', { name: 'Portal-Menü' }).getAttribute('aria-expanded')).toBe('false');
  });

  it('shows the new applications and the job views of 30 days, and leads to the new applications', async () => {
    const api = fakeProviderApi({
      jobs: [job(1, { state: 'published' })],
      applicants: [applicant(1), applicant(2, { status: 'sent' }), applicant(3, { status: 'invited' })],
      jobViews: 1234,
    });
    renderApp('/recruiting/portal', api.respond);
    const figures = await screen.findByRole('region', { name: 'Kennzahlen' });
    const fresh = within(figures).getByRole('link', { name: 'Neue Bewerbungen' });
    expect(await within(fresh.closest('div') as HTMLElement).findByText('2')).toBeTruthy();
    expect(fresh.getAttribute('href')).toBe('/recruiting/portal/bewerbungen?status=sent');
    const views = within(figures).getByText('Aufrufe Ihrer Anzeigen').closest('div') as HTMLElement;
    expect(await within(views).findByText('1.234')).toBeTruthy();
    expect(within(views).getByText(/^Aufrufe der Stellenseite in den letzten 30 Tagen, ohne Cookies gezählt/)).toBeTruthy();
  });

  it('tells a member whose organization is still under review, and offers no new job', async () => {
    const api = fakeProviderApi({ canAct: false });
    renderApp('/recruiting/portal', api.respond);
    expect(await screen.findByText(/Ihr Unternehmen wird noch geprüft/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Neue Stellenanzeige erstellen' })).toBeNull();
    // Numbers only an active member gets are not asked for.
    expect(api.calls.some((c) => c.path.endsWith('/dashboard'))).toBe(false);
  });

  it('tells a member whose organization an administrator blocked that it cannot act', async () => {
    const api = fakeProviderApi({ blocked: true });
    renderApp('/recruiting/portal', api.respond);
    expect(await screen.findByText('Ihr Unternehmen ist gesperrt. Sie können zurzeit nicht für Ihr Unternehmen handeln; bitte wenden Sie sich an unseren Support.')).toBeTruthy();
    expect(screen.queryByText(/wird noch geprüft/)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Neue Stellenanzeige erstellen' })).toBeNull();
    expect(api.calls.some((c) => c.path.endsWith('/dashboard'))).toBe(false);
  });
});
