// Component tests of the shell against a small fake API: menus (width logic, fallback data,
// content API data), the cookie banner, content pages and the inactive-job page.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONSENT_COOKIE } from '@/shared/lib/consent';
import { consentStore } from '@/features/consent/lib/consent-store';
import { jsonResponse, renderApp, SIGNED_IN_CANDIDATE } from '@/testing/render-app';
import { ASYNC_WAIT } from '@/testing/wait';

function setWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
}

function menuItems() {
  const nav = screen.getByRole('navigation', { name: 'Hauptmenü' });
  return nav.querySelectorAll('[data-menu-item]').length;
}

function clearCookies() {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
}

beforeEach(() => {
  clearCookies();
  consentStore.reset();
});

afterEach(() => {
  vi.unstubAllGlobals();
  setWidth(1024);
});

describe('main menu', () => {
  it('shows 5 candidate items at 1400 px, the rest under "Mehr"', () => {
    setWidth(1400);
    renderApp('/');
    expect(menuItems()).toBe(5);
    const nav = screen.getByRole('navigation', { name: 'Hauptmenü' });
    expect(within(nav).getByRole('button', { name: /Mehr/ })).toBeTruthy();
  });

  it('re-counts 200 ms after the last resize, not before', async () => {
    setWidth(1400);
    renderApp('/');
    expect(menuItems()).toBe(5);
    setWidth(1000);
    act(() => {
      window.dispatchEvent(new Event('resize'));
    });
    // Debounced: the old count stays right after the event.
    expect(menuItems()).toBe(5);
    await waitFor(() => expect(menuItems()).toBe(2));
  });

  it('shows 6 organization items at 1800 px and 3 at 1200 px', async () => {
    setWidth(1800);
    renderApp('/recruiting/wiki');
    expect(menuItems()).toBe(6);
    setWidth(1200);
    act(() => {
      window.dispatchEvent(new Event('resize'));
    });
    await waitFor(() => expect(menuItems()).toBe(3));
  });

  it('uses the menus of the content API when it answers', async () => {
    setWidth(1400);
    renderApp('/', (path) =>
      path === '/api/content/menus'
        ? jsonResponse(200, {
            candidate: {
              menu: [{ label: 'Sommerjobs', type: 'link', target: { kind: 'page', slug: 'sommerjobs', path: '/sommerjobs' }, children: [] }],
              footer: [],
            },
            organization: {},
          })
        : jsonResponse(404, {}),
    );
    const nav = screen.getByRole('navigation', { name: 'Hauptmenü' });
    await waitFor(() => expect(within(nav).getByRole('link', { name: 'Sommerjobs' }).getAttribute('href')).toBe('/sommerjobs'));
    // The footer falls back to the fixed data when the API has none.
    expect(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Impressum' })).toBeTruthy();
  });

  it('falls back to the fixed menus when the content API fails', async () => {
    setWidth(1400);
    renderApp('/', () => {
      throw new TypeError('network down');
    });
    const nav = screen.getByRole('navigation', { name: 'Hauptmenü' });
    expect(within(nav).getByRole('link', { name: 'Alle Jobs' }).getAttribute('href')).toBe('/jobs');
  });
});

describe('cookie banner', () => {
  it('appears without consent, stores "Nur notwendige" and stays away', () => {
    renderApp('/');
    const banner = screen.getByRole('region', { name: 'Cookies und Datenschutz' });
    const required = within(banner).getByRole('button', { name: 'Nur notwendige' });
    expect(within(banner).getByRole('button', { name: 'Alle akzeptieren' })).toBeTruthy();
    fireEvent.click(required);
    expect(screen.queryByRole('region', { name: 'Cookies und Datenschutz' })).toBeNull();
    const stored = JSON.parse(decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith(`${CONSENT_COOKIE}=`))!.split('=')[1]!));
    expect(stored).toMatchObject({ choice: 'required', version: 2 });
  });

  it('does not appear with a valid consent and reopens from the footer', () => {
    document.cookie = `${CONSENT_COOKIE}=${encodeURIComponent(JSON.stringify({ choice: 'all', version: 2, timestamp: Date.now() }))}; Path=/`;
    renderApp('/');
    expect(screen.queryByRole('region', { name: 'Cookies und Datenschutz' })).toBeNull();
    fireEvent.click(within(screen.getByRole('contentinfo')).getByRole('button', { name: 'Cookie-Einstellungen' }));
    expect(screen.getByRole('region', { name: 'Cookies und Datenschutz' })).toBeTruthy();
  });
});

describe('content pages', () => {
  it('renders a page of the content API with its sections', async () => {
    renderApp('/ueber-uns', (path) =>
      path.startsWith('/api/content/pages/by-slug/ueber-uns')
        ? jsonResponse(200, {
            id: 1,
            slug: 'ueber-uns',
            title: 'Über uns',
            sections: [
              { __component: 'headline-with-text', title: 'Wer wir sind', content: 'Wir bringen Jobs und Menschen zusammen.' },
              { __component: 'faqs', title: 'Häufige Fragen', faqs: [{ question: 'Kostet das etwas?', answer: 'Nein, für dich ist alles kostenlos.' }] },
              { __component: 'headline-with-text', title: 'Versteckt', active: false },
            ],
          })
        : jsonResponse(404, {}),
    );
    // The first section's title is the page's h1.
    expect(await screen.findByRole('heading', { level: 1, name: 'Wer wir sind' })).toBeTruthy();
    expect(screen.getByText('Wir bringen Jobs und Menschen zusammen.')).toBeTruthy();
    expect(screen.getByText('Kostet das etwas?')).toBeTruthy();
    expect(screen.queryByText('Versteckt')).toBeNull();
  });

  it('shows the not-found page when the content API has no such page', async () => {
    renderApp('/gibt-es-nicht');
    expect(await screen.findByRole('heading', { level: 1, name: 'Seite nicht gefunden' })).toBeTruthy();
    expect(screen.getByText('Fehler 404')).toBeTruthy();
  });

  it('shows the error page when the content API fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp('/ueber-uns', (path) => (path.startsWith('/api/content/pages/by-slug/ueber-uns') ? jsonResponse(500, {}) : jsonResponse(404, {})));
    expect(await screen.findByRole('heading', { level: 1, name: 'Es ist ein Fehler aufgetreten' })).toBeTruthy();
  });

  it("shows the error's own message under the title (issue 41)", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp('/ueber-uns', (path) =>
      path.startsWith('/api/content/pages/by-slug/ueber-uns') ? jsonResponse(503, { message: 'Der Dienst ist gerade überlastet.' }) : jsonResponse(404, {}),
    );
    expect(await screen.findByText('Der Dienst ist gerade überlastet.')).toBeTruthy();
  });
});

describe('job detail', () => {
  it('shows the inactive-job page for 410 "JobPosting is inactive!"', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderApp('/jobs/promoter-in-berlin-17', (path) =>
      path.startsWith('/api/job_postings/slug/')
        ? jsonResponse(410, { status: 410, message: 'JobPosting is inactive!' })
        : jsonResponse(404, {}),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Dieser Job ist nicht mehr aktiv' })).toBeTruthy();
    // Without an `error-jobposting-inactive` content page the built-in text shows.
    expect((await screen.findByRole('link', { name: 'Aktuelle Jobs ansehen' })).getAttribute('href')).toBe('/jobs');
  });

  it('loads /jobs/{id} by id and shows its fields', async () => {
    const calls: string[] = [];
    renderApp('/jobs/42', (path) => {
      calls.push(path);
      if (path === '/api/job_postings/42')
        return jsonResponse(200, {
          id: 42,
          jobId: 'JH-42',
          slug: 'messehostess-koeln-42',
          title: 'Messehostess (m/w/d) in Köln',
          organization: { id: 7, name: 'Beispiel Events GmbH', slug: 'beispiel-events' },
          activities: [{ id: 1, slug: 'hostess', name: 'Hostess' }],
          employmentTypes: [{ id: 2, name: 'Minijob' }],
          industries: [{ id: 3, name: 'Messe' }],
          brands: [],
          locations: [{ city: 'Köln', zipcode: '50679', street: 'Messeplatz 1' }],
          baseSalary: 15.5,
          salaryUnit: 'hour',
          salaryCurrency: 'EUR',
          travelExpenses: 20,
          workingTime: 'Fr–So, 9–18 Uhr',
          description: 'Du begrüßt Besucher am Stand.',
          teaser: 'Du begrüßt Besucher am Stand.',
        });
      return jsonResponse(404, {});
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Messehostess (m/w/d) in Köln' })).toBeTruthy();
    expect(calls).toContain('/api/job_postings/42');
    // The server's teaser is the description's first line: the page says it once.
    expect(screen.getAllByText('Du begrüßt Besucher am Stand.')).toHaveLength(1);
    const facts = screen.getByRole('complementary', { name: 'Eckdaten' });
    expect(within(facts).getByText('JH-42')).toBeTruthy();
    expect(within(facts).getByText('Minijob')).toBeTruthy();
    expect(within(facts).getByText('Fr–So, 9–18 Uhr')).toBeTruthy();
    expect(within(facts).getAllByText(/15,50\s€ pro Stunde/).length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Jetzt bewerben' }).getAttribute('href')).toBe('/jobs-bewerbung/messehostess-koeln-42');
    expect(screen.getByRole('link', { name: 'Jobanbieter ansehen' }).getAttribute('href')).toBe('/jobanbieter/beispiel-events');
  });

  // Issue 41, item 14: after applying the page says when, instead of "Jetzt bewerben".
  it('says "Du hast dich am … beworben" to a candidate who applied', async () => {
    const asked: string[] = [];
    renderApp('/jobs/42', (path) => {
      const url = new URL(path, 'http://localhost');
      if (url.pathname === '/api/candidate_accounts/me') return jsonResponse(200, SIGNED_IN_CANDIDATE);
      if (url.pathname === '/api/job_postings/42')
        return jsonResponse(200, { id: 42, slug: 'messehostess-42', title: 'Messehostess', activities: [], employmentTypes: [], locations: [] });
      if (url.pathname === '/api/applications/my') {
        asked.push(url.search);
        return jsonResponse(200, {
          'hydra:member': [{ id: 5, status: 'sent', forwarded: true, notes: null, createdAt: '2026-11-20T09:00:00Z', jobPosting: { id: 42, slug: 'messehostess-42', title: 'Messehostess', organization: { name: 'X' } } }],
          'hydra:totalItems': 1,
        });
      }
      return jsonResponse(404, {});
    });
    expect(await screen.findByText(/Du hast dich am 20\.11\.2026 beworben\./)).toBeTruthy();
    expect(screen.queryByRole('link', { name: /^Jetzt bewerben/ })).toBeNull();
    expect(asked.some((q) => q.includes('jobPosting=42'))).toBe(true);
  }, 30_000);

  it('tells the server once that the page was viewed, with no cookie consent given', async () => {
    const views: string[] = [];
    const { router } = renderApp('/jobs/42', (path, init) => {
      if (init?.method === 'POST' && path.endsWith('/views')) {
        views.push(path);
        return new Response(null, { status: 204 });
      }
      if (path === '/api/job_postings/42')
        return jsonResponse(200, { id: 42, slug: 'messehostess-42', title: 'Messehostess', activities: [], employmentTypes: [], locations: [] });
      return jsonResponse(404, {});
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Messehostess' })).toBeTruthy();
    await vi.waitFor(() => expect(views).toEqual(['/api/job_postings/42/views']), ASYNC_WAIT);
    // Another render of the same page (a re-fetch, a dialog) is no new view; a new visit is.
    fireEvent.click(screen.getByRole('button', { name: /Teilen/ }));
    await router.navigate('/jobs');
    await waitFor(() => expect(screen.queryByRole('heading', { level: 1, name: 'Messehostess' })).toBeNull());
    await router.navigate('/jobs/42');
    expect(await screen.findByRole('heading', { level: 1, name: 'Messehostess' })).toBeTruthy();
    await vi.waitFor(() => expect(views).toHaveLength(2), ASYNC_WAIT);
  });
});
