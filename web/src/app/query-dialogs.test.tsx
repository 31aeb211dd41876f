// The query-parameter dialogs of both layouts against a fake API.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp, SIGNED_IN_CANDIDATE } from '@/testing/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
});

const me = SIGNED_IN_CANDIDATE;

describe('candidate layout', () => {
  it('?login=1 opens the check-email dialog for a visitor', async () => {
    renderApp('/jobs?login=1', (path) => (path === '/api/candidate_accounts/me' ? jsonResponse(401, {}) : jsonResponse(404, {})));
    expect(await screen.findByRole('dialog', { name: 'Anmelden oder registrieren' })).toBeTruthy();
    expect(screen.getByLabelText('E-Mail-Adresse')).toBeTruthy();
  });

  it('?logout=1 logs out, shows the notice and clears the query', async () => {
    const calls: string[] = [];
    const { router } = renderApp('/jobs?logout=1', (path, init) => {
      calls.push(`${init?.method ?? 'GET'} ${path}`);
      if (path === '/api/logout') return new Response(null, { status: 204 });
      if (path === '/api/candidate_accounts/me') return jsonResponse(200, me);
      return jsonResponse(404, {});
    });
    expect(await screen.findByText('Du hast dich erfolgreich abgemeldet.')).toBeTruthy();
    expect(calls).toContain('POST /api/logout');
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('?successApplication=1 thanks for the application', async () => {
    renderApp('/?successApplication=1');
    expect(await screen.findByRole('dialog', { name: 'Danke für deine Bewerbung!' })).toBeTruthy();
  });

  it('shows the impersonation banner with the name and the way out', async () => {
    renderApp('/', (path) => (path === '/api/candidate_accounts/me' ? jsonResponse(200, { ...me, impersonatorId: 1 }) : jsonResponse(404, {})));
    expect(await screen.findByText(/Du handelst gerade als Jana Müller/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Beenden' }).getAttribute('href')).toBe('/');
  });
});

describe('organization layout', () => {
  it('?registrationWithJob=1 opens the registration dialog with the job fields ("Sie")', async () => {
    renderApp('/recruiting/wiki?registrationWithJob=1');
    const dialog = await screen.findByRole('dialog', { name: 'Registrieren und Job inserieren' });
    expect(dialog.textContent).toContain('Jobtitel');
  });

  it('the bar\'s "Kostenlos registrieren" (?registration=1) registers without a job: no job fields, none required', async () => {
    renderApp('/recruiting/wiki');
    fireEvent.click(await screen.findByRole('link', { name: 'Kostenlos registrieren' }));
    const dialog = await screen.findByRole('dialog', { name: 'Als Arbeitgeber registrieren' });
    expect(within(dialog).queryByLabelText('Jobtitel')).toBeNull();
  });

  it('the registration form says what is missing at each field and the differing passwords at the repetition', async () => {
    Element.prototype.scrollIntoView = () => undefined;
    const calls: string[] = [];
    renderApp('/recruiting/wiki?registrationWithJob=1', (path) => (calls.push(path), jsonResponse(404, {})));
    const dialog = await screen.findByRole('dialog', { name: 'Registrieren und Job inserieren' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Kostenlos registrieren' }));
    const company = within(dialog).getByLabelText('Unternehmen');
    await waitFor(() => expect(document.activeElement).toBe(company));
    expect(company.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByLabelText('Jobtitel').getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getAllByText('Dieses Feld darf nicht leer sein').length).toBeGreaterThanOrEqual(7);
    fireEvent.change(company, { target: { value: 'Hafen Events GmbH' } });
    // The form library checks a changed field again in a microtask, not inside the change event.
    await waitFor(() => expect(company.getAttribute('aria-invalid')).toBeNull());

    fireEvent.change(within(dialog).getByLabelText('Passwort (mindestens 8 Zeichen)'), { target: { value: 'Leuchtturm#2026' } });
    const repeat = within(dialog).getByLabelText('Passwort wiederholen');
    fireEvent.change(repeat, { target: { value: 'Leuchtturm#2025' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Kostenlos registrieren' }));
    await waitFor(() => expect(document.getElementById(repeat.getAttribute('aria-describedby')!)?.textContent).toBe('Die Passwörter stimmen nicht überein.'));
    expect(within(dialog).queryByText('Passwort muss gleich sein')).toBeNull();
    expect(calls.filter((c) => c.includes('/organization_member/register'))).toEqual([]);
  });

  it('?generalContact=1&topic=general_request opens the contact dialog', async () => {
    renderApp('/recruiting/wiki?generalContact=1&topic=general_request');
    expect(await screen.findByRole('dialog', { name: 'Kontakt aufnehmen' })).toBeTruthy();
    expect(screen.getByLabelText('Ihre Nachricht')).toBeTruthy();
  });
});
