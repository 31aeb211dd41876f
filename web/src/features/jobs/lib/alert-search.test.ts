// The alert's filter and the search page's address, both ways, against the case table
// tests/fixtures/alert_search_links.json, which the digest mail's link (search/search_page_link.h)
// runs too: "Suche öffnen" and "Alle Treffer ansehen" open the same search.
import { describe, expect, it } from 'vitest';
import table from '../../../../../tests/fixtures/alert_search_links.json';
import { alertFilterInWords, alertSearchPath } from '@/shared/lib/search-address';
import { alertFilter } from './alert-search';
import { readFilters } from './search-params';

type Case = { filter: string; path: string; search?: string };
const cases = (table as { cases: Case[] }).cases;

describe('alertSearchPath', () => {
  it('has cases', () => expect(cases.length).toBeGreaterThan(10));
  it.each(cases)('$filter → $path', ({ filter, path }) => {
    expect(alertSearchPath(filter)).toBe(path);
  });
});

describe('alertFilter', () => {
  // What the search page had on screen becomes the stored filter, and that opens the same page.
  it.each(cases.filter((c) => c.search))('$search is saved as $filter', ({ filter, search }) => {
    const url = new URL(search!, 'https://jobhafen.test');
    const activities = url.pathname.startsWith('/jobs/suche-als/') ? url.pathname.slice('/jobs/suche-als/'.length).split('/') : undefined;
    const saved = alertFilter(readFilters(url.searchParams), { activities }, '2026-11-29');
    expect(saved).toEqual(Object.fromEntries(new URLSearchParams(filter)));
    expect(alertSearchPath(new URLSearchParams(saved).toString())).toBe(search);
  });
  it('keeps a relative choice as the dates it meant that day', () => {
    const saved = alertFilter(readFilters(new URLSearchParams('was=Kellner&einsatz=7tage&sortierung=newest&seite=2')), {}, '2026-11-29');
    expect(saved).toEqual({ q: 'Kellner', shiftsFrom: '2026-11-29', shiftsTo: '2026-12-05' });
  });
});

describe('alertFilterInWords', () => {
  it('names every filter, the period included', () => {
    expect(alertFilterInWords('q=Barista&lat=50.93&lon=6.95&distance=25&placeName=K%C3%B6ln&interval_created=24h&shiftsFrom=2026-12-01&shiftsTo=2026-12-07')).toEqual([
      'Stichwort: Barista',
      'Ort: Köln',
      'Umkreis: 25 km',
      'Veröffentlicht in den letzten 24 Stunden',
      'Einsätze vom 01.12.2026 bis 07.12.2026',
    ]);
    expect(alertFilterInWords({ jobType: 'messejobs', shiftsFrom: '2026-12-24', shiftsTo: '2026-12-24' })).toEqual(['Jobart: Messejobs', 'Einsätze am 24.12.2026']);
  });
});
