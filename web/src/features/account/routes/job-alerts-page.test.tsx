// /meine-job-alerts (issue 41, item 1): each alert names its search in words, and "Suche öffnen"
// opens the search page with that search (its own parameter names, period and dates included).
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp, SIGNED_IN_CANDIDATE } from '@/testing/render-app';

afterEach(() => vi.unstubAllGlobals());

const alert = {
  id: 4,
  title: 'Jobs für „Barista“ in Köln',
  interval: 'daily',
  searchFilter: 'q=Barista&lat=50.93&lon=6.95&distance=25&interval_created=24h&shiftsFrom=2026-12-01&shiftsTo=2026-12-07&placeName=K%C3%B6ln',
  confirmed: true,
  paused: false,
  createdAt: '2026-11-28T10:00:00Z',
  lastSentAt: null,
};

describe('/meine-job-alerts', () => {
  it("names the alert's search and links exactly that search", async () => {
    renderApp('/meine-job-alerts', (path) => {
      const { pathname } = new URL(path, 'http://localhost');
      if (pathname === '/api/candidate_accounts/me') return jsonResponse(200, SIGNED_IN_CANDIDATE);
      if (pathname.endsWith('/job_alerts')) return jsonResponse(200, { 'hydra:member': [alert], 'hydra:totalItems': 1 });
      return jsonResponse(404, {});
    });
    const row = (await screen.findByRole('heading', { level: 3, name: alert.title })).closest('li')!;
    expect(within(row).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Stichwort: Barista',
      'Ort: Köln',
      'Umkreis: 25 km',
      'Veröffentlicht in den letzten 24 Stunden',
      'Einsätze vom 01.12.2026 bis 07.12.2026',
    ]);
    expect(within(row).getByRole('link', { name: 'Suche öffnen' }).getAttribute('href')).toBe(
      '/jobs/suche?was=Barista&wo=K%C3%B6ln&lat=50.93&lon=6.95&umkreis=25&seit=24h&einsatz=zeitraum&von=2026-12-01&bis=2026-12-07',
    );
  }, 30_000);
});
