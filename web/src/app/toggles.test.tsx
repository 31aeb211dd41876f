// Feature toggles as the visitor sees them, with GET /api/features answering as the server does:
// `show_jobs_as_published_for_visitors` (the publication date on cards and the detail),
// `extras_navigation` (the "Extras" group of the main menu) and the special-offer job id (its badge
// and its menu entry). `toggle_<name>` in the address overrides a toggle.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FeaturesAnswer } from '@/shared/lib/features';
import { jsonResponse, renderApp, SIGNED_IN_CANDIDATE } from '@/testing/render-app';

const job = (id: number, title: string) => ({
  id,
  slug: `job-${id}`,
  title,
  organization: { id: 9, name: 'Messe GmbH' },
  activities: [],
  employmentTypes: [],
  locations: [{ id: id * 10, city: 'Köln' }],
  publishedAt: '2026-11-02T08:00:00+00:00',
});
const JOBS = [job(1, 'Hostess Messe Köln'), job(2, 'Promoter Supermarkt')];

function toggles(on: Record<string, boolean>, specialOfferJobId: number | null = null): FeaturesAnswer {
  const names = ['job_alerts', 'extras_navigation', 'show_jobs_as_published_for_visitors'];
  return { features: names.map((name) => ({ name, enabled: on[name] ?? false })), experiments: [], specialOfferJobId };
}

function serve(features: FeaturesAnswer, me: unknown = null) {
  return (path: string) => {
    const { pathname } = new URL(path, 'http://localhost');
    if (pathname === '/api/features') return jsonResponse(200, features);
    if (pathname === '/api/candidate_accounts/me') return me ? jsonResponse(200, me) : jsonResponse(401, { message: 'JWT Token not found' });
    if (pathname === '/api/job_postings') return jsonResponse(200, { 'hydra:member': JOBS, 'hydra:totalItems': JOBS.length });
    const detail = /^\/api\/job_postings\/slug\/job-(\d+)$/.exec(pathname);
    if (detail) return jsonResponse(200, JOBS.find((j) => j.id === Number(detail[1])));
    if (/\/recommend\//.test(pathname)) return jsonResponse(200, { 'hydra:member': [], 'hydra:totalItems': 0 });
    return jsonResponse(404, {});
  };
}

async function cards() {
  await screen.findByRole('link', { name: 'Promoter Supermarkt' });
  return Array.from(document.querySelectorAll<HTMLElement>('[data-job-id]'));
}

// Wide enough for every main-menu item; each test renders the whole app, which is slow on a busy machine.
beforeEach(() => Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1900 }));
afterEach(() => vi.unstubAllGlobals());

describe('show_jobs_as_published_for_visitors', () => {
  // The special-offer badge of job 1 shows that the answer of /api/features has arrived.
  it('off: a visitor sees no publication date, neither on the cards nor on the detail', async () => {
    const list = renderApp('/jobs/suche', serve(toggles({}, 1)));
    await screen.findByText('Sonderangebot');
    for (const card of await cards()) expect(within(card).queryByText(/^seit /)).toBeNull();
    list.unmount();
    renderApp('/jobs/job-1', serve(toggles({}, 1)));
    await screen.findByRole('heading', { level: 1, name: 'Hostess Messe Köln' });
    await screen.findByText('Sonderangebot');
    expect(screen.getByText('Job-ID', { exact: false })).toBeTruthy();
    expect(screen.queryByText('Veröffentlicht')).toBeNull();
  });

  it('on: the visitor sees the date', async () => {
    renderApp('/jobs/suche', serve(toggles({ show_jobs_as_published_for_visitors: true })));
    await waitFor(async () => {
      for (const card of await cards()) expect(within(card).getByText('seit 02.11.2026')).toBeTruthy();
    });
  });

  it('off, but signed in: the candidate always sees the date', async () => {
    renderApp('/jobs/job-2', serve(toggles({}), SIGNED_IN_CANDIDATE));
    await screen.findByRole('heading', { level: 1, name: 'Promoter Supermarkt' });
    await waitFor(() => expect(screen.getByText('Veröffentlicht')).toBeTruthy());
  });

  it('toggle_show_jobs_as_published_for_visitors=1 in the address switches it on for the visit', async () => {
    renderApp('/jobs/suche?toggle_show_jobs_as_published_for_visitors=1', serve(toggles({})));
    const [first] = await cards();
    expect(within(first!).getByText('seit 02.11.2026')).toBeTruthy();
  });
});

describe('the special-offer job', () => {
  it('carries the badge on its card and its detail; other jobs do not', async () => {
    const list = renderApp('/jobs/suche', serve(toggles({}, 2)));
    await waitFor(async () => {
      const [first, second] = await cards();
      expect(within(second!).getByText('Sonderangebot')).toBeTruthy();
      expect(within(first!).queryByText('Sonderangebot')).toBeNull();
    });
    list.unmount();
    renderApp('/jobs/job-2', serve(toggles({}, 2)));
    await screen.findByRole('heading', { level: 1, name: 'Promoter Supermarkt' });
    await waitFor(() => expect(screen.getAllByText('Sonderangebot').length).toBeGreaterThan(0));
  });

  it('none configured (null): no badge anywhere', async () => {
    renderApp('/jobs/suche?toggle_extras_navigation=1', serve(toggles({}, null)));
    await cards();
    // The menu's Extras group comes from the same answer: without an offer it has no entry for one.
    await waitFor(() => expect(within(screen.getByRole('navigation', { name: 'Hauptmenü' })).getByText('Extras')).toBeTruthy());
    expect(screen.queryByText('Sonderangebot')).toBeNull();
  });
});

describe('extras_navigation', () => {
  const mainMenu = () => screen.getByRole('navigation', { name: 'Hauptmenü' });

  it('off: the main menu has no Extras', async () => {
    renderApp('/jobs/suche', serve(toggles({}, 2)));
    await screen.findByText('Sonderangebot');
    expect(within(mainMenu()).queryByText('Extras')).toBeNull();
  });

  it('on: the main menu has Extras with the pages and the special-offer job', async () => {
    renderApp('/jobs/suche', serve(toggles({ extras_navigation: true }, 2)));
    await waitFor(() => expect(within(mainMenu()).getByText('Extras')).toBeTruthy());
    const links = within(mainMenu()).getAllByRole('link', { hidden: true });
    const href = (name: string) => links.find((a) => a.textContent === name)?.getAttribute('href');
    expect(href('Deine Vorteile')).toBe('/vorteile');
    expect(href('Sonderangebot')).toBe('/jobs/2');
  });

  it('toggle_extras_navigation=1 in the address switches it on for the visit', async () => {
    renderApp('/jobs/suche?toggle_extras_navigation=1', serve(toggles({})));
    await waitFor(() => expect(within(mainMenu()).getByText('Extras')).toBeTruthy());
  });
});
