import { describe, expect, it } from 'vitest';
import { apiQuery, EMPTY_FILTERS, filtersQuery, isEmptySearch, readFilters, searchHeading } from './search-params';

describe('job search in the address bar', () => {
  it('reads the filters and drops invalid values', () => {
    const f = readFilters(new URLSearchParams('was=Promotion&wo=Berlin&lat=52.52&lon=13.405&umkreis=25&seit=24h&sortierung=distance&seite=2'));
    expect(f).toEqual({ was: 'Promotion', wo: 'Berlin', lat: 52.52, lon: 13.405, umkreis: 25, seit: '24h', sortierung: 'distance', seite: 2, einsatz: '', von: '', bis: '' });
    const bad = readFilters(new URLSearchParams('umkreis=33&seit=2w&sortierung=distance&seite=-1&lat=x'));
    expect(bad).toEqual(EMPTY_FILTERS);
  });

  it('writes short URLs and only a place with coordinates', () => {
    expect(filtersQuery(EMPTY_FILTERS)).toBe('');
    expect(filtersQuery({ ...EMPTY_FILTERS, was: 'Messe', wo: 'Köln' })).toBe('?was=Messe');
    expect(filtersQuery({ ...EMPTY_FILTERS, wo: 'Köln', lat: 50.9375, lon: 6.9603, umkreis: 10 })).toBe(
      '?wo=K%C3%B6ln&lat=50.93750&lon=6.96030&umkreis=10',
    );
  });

  it('turns filters and the route into the API query', () => {
    const f = { ...EMPTY_FILTERS, was: 'Hostess', lat: 50.9, lon: 6.9, wo: 'Köln', umkreis: 25, seit: '3d' };
    expect(apiQuery(f, { activities: ['promotion', 'hostess'], jobType: 'messejobs' })).toEqual({
      itemsPerPage: 20,
      page: 1,
      q: 'Hostess',
      activity: 'promotion,hostess',
      jobType: 'messejobs',
      lat: 50.9,
      lon: 6.9,
      distance: 25,
      interval_created: '3d',
    });
    expect(apiQuery(EMPTY_FILTERS, { city: 'kiel' })).toMatchObject({ city: 'kiel' });
  });

  it('knows an empty search (it cannot become a job alert)', () => {
    expect(isEmptySearch(EMPTY_FILTERS)).toBe(true);
    expect(isEmptySearch({ ...EMPTY_FILTERS, seit: '1h' })).toBe(false);
    expect(isEmptySearch(EMPTY_FILTERS, { jobType: 'eventjobs' })).toBe(false);
  });

  it('builds the heading', () => {
    expect(searchHeading(EMPTY_FILTERS)).toBe('Alle Jobs');
    expect(searchHeading({ ...EMPTY_FILTERS, was: 'Promotion', wo: 'Berlin', lat: 1, lon: 1 })).toBe('Jobs für „Promotion“ in Berlin');
    expect(searchHeading({ ...EMPTY_FILTERS, wo: 'Lübeck, Schleswig-Holstein, Deutschland', lat: 1, lon: 1 })).toBe('Jobs in Lübeck');
    expect(searchHeading({ ...EMPTY_FILTERS, was: 'Service' }, 'Gastrojobs')).toBe('Gastrojobs für „Service“');
  });
});
