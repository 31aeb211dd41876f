// Signing in to the portal: the organization app bar's login leads here, a visitor opening a
// portal page is sent here and comes back after signing in, a wrong password gets the German
// message.
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { fakeProviderApi, job } from '@/testing/fake-provider-api';

afterEach(() => vi.unstubAllGlobals());

async function signIn(password: string) {
  fireEvent.change(await screen.findByLabelText('E-Mail-Adresse'), { target: { value: 'hr@hafen-events.de' } });
  fireEvent.change(screen.getByLabelText('Passwort'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
}

// Several debounced and lazy steps per test: room for a busy 2-core machine.
describe('portal sign-in', () => {
  it('the organization app bar leads to the portal login', async () => {
    const api = fakeProviderApi({ signedIn: false });
    renderApp('/recruiting/wiki', api.respond);
    const login = screen.getAllByRole('link', { name: 'Login' })[0]!;
    expect(login.getAttribute('href')).toBe('/recruiting/portal/anmelden');
  });

  it('sends a visitor to the login and back to the page it wanted', async () => {
    const api = fakeProviderApi({ signedIn: false, jobs: [job(1, { title: 'Promoter in Berlin', state: 'published' })] });
    const { router } = renderApp('/recruiting/portal/stellenanzeigen', api.respond);
    expect(await screen.findByRole('heading', { name: 'Login für Jobanbieter' })).toBeTruthy();
    expect(router.state.location.search).toBe('?weiter=%2Frecruiting%2Fportal%2Fstellenanzeigen');
    await signIn('Leuchtturm#2026');
    expect(await screen.findByRole('heading', { name: 'Stellenanzeigen' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/recruiting/portal/stellenanzeigen');
    expect(await screen.findByRole('link', { name: 'Promoter in Berlin' })).toBeTruthy();
    const login = api.calls.find((c) => c.path === '/api/login');
    expect(login?.body).toEqual({ email: 'hr@hafen-events.de', password: 'Leuchtturm#2026' });
  });

  it('says so when the password is wrong', async () => {
    const api = fakeProviderApi({ signedIn: false });
    renderApp('/recruiting/portal/anmelden', api.respond);
    await signIn('falsch');
    expect((await screen.findByRole('alert')).textContent).toBe('E-Mail-Adresse oder Passwort ist falsch.');
    expect(screen.getByRole('heading', { name: 'Login für Jobanbieter' })).toBeTruthy();
  });
});
