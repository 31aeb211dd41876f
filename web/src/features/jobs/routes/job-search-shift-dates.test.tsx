// Search by date (issue 30): the choices "Heute", "Dieses Wochenende", "Nächste 7 Tage" and a
// "Zeitraum" become the API's shiftsFrom/shiftsTo as Berlin dates computed in the browser, stay
// relative in the address bar (einsatz=…), and a chosen filter reaches the job list's request.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp } from '@/testing/render-app';
import { addDays, apiQuery, berlinToday, EMPTY_FILTERS, filtersQuery, isEmptySearch, readFilters, shiftWindow } from '../lib/search-params';

afterEach(() => vi.unstubAllGlobals());

describe('shift dates of the job search', () => {
  it('computes Berlin dates, not those of the browser or of UTC', () => {
    expect(berlinToday(new Date('2026-12-01T23:30:00Z'))).toBe('2026-12-02');   // already Wednesday in Berlin
    expect(berlinToday(new Date('2026-06-30T22:30:00Z'))).toBe('2026-07-01');   // summer time: UTC+2
    expect(berlinToday(new Date('2026-12-02T22:59:00Z'))).toBe('2026-12-02');
    expect(addDays('2026-12-28', 6)).toBe('2027-01-03');
  });

  it('maps each choice to shiftsFrom/shiftsTo', () => {
    const wednesday = '2026-12-02';
    const at = (einsatz: string, von = '', bis = '') => shiftWindow({ einsatz, von, bis }, wednesday);
    expect(at('heute')).toEqual({ shiftsFrom: wednesday, shiftsTo: wednesday });
    expect(at('wochenende')).toEqual({ shiftsFrom: '2026-12-05', shiftsTo: '2026-12-06' });
    expect(shiftWindow({ einsatz: 'wochenende', von: '', bis: '' }, '2026-12-05')).toEqual({ shiftsFrom: '2026-12-05', shiftsTo: '2026-12-06' });
    expect(shiftWindow({ einsatz: 'wochenende', von: '', bis: '' }, '2026-12-06')).toEqual({ shiftsFrom: '2026-12-06', shiftsTo: '2026-12-06' });
    expect(at('7tage')).toEqual({ shiftsFrom: wednesday, shiftsTo: '2026-12-08' });
    expect(at('zeitraum', '2026-12-10', '2026-12-12')).toEqual({ shiftsFrom: '2026-12-10', shiftsTo: '2026-12-12' });
    expect(at('zeitraum', '', '2026-12-12')).toEqual({ shiftsTo: '2026-12-12' });
    expect(at('')).toEqual({});
    expect(apiQuery({ ...EMPTY_FILTERS, einsatz: 'heute' }, {}, wednesday)).toMatchObject({ shiftsFrom: wednesday, shiftsTo: wednesday });
  });

  it('keeps the choice relative in the address and drops a broken range', () => {
    const f = readFilters(new URLSearchParams('einsatz=zeitraum&von=2026-12-10&bis=2026-12-12'));
    expect(f).toMatchObject({ einsatz: 'zeitraum', von: '2026-12-10', bis: '2026-12-12' });
    expect(filtersQuery(f)).toBe('?einsatz=zeitraum&von=2026-12-10&bis=2026-12-12');
    expect(filtersQuery(readFilters(new URLSearchParams('einsatz=wochenende&von=2026-12-10')))).toBe('?einsatz=wochenende');
    expect(readFilters(new URLSearchParams('einsatz=zeitraum&von=2026-12-12&bis=2026-12-10'))).toMatchObject({ einsatz: 'zeitraum', von: '2026-12-12', bis: '' });
    expect(readFilters(new URLSearchParams('einsatz=zeitraum&von=2026-01-01&bis=2027-06-01')).bis).toBe('');   // over 366 days
    expect(readFilters(new URLSearchParams('einsatz=zeitraum&von=morgen')).einsatz).toBe('');
    expect(readFilters(new URLSearchParams('einsatz=gestern')).einsatz).toBe('');
    expect(isEmptySearch({ ...EMPTY_FILTERS, einsatz: '7tage' })).toBe(false);
  });

  it('sends the chosen dates with the search', async () => {
    const asked: URLSearchParams[] = [];
    const { router } = renderApp('/jobs/suche', (path) => {
      const { pathname, searchParams } = new URL(path, 'http://localhost');
      if (pathname === '/api/job_postings') {
        asked.push(searchParams);
        return jsonResponse(200, { 'hydra:member': [], 'hydra:totalItems': 0 });
      }
      if (pathname === '/api/candidate_accounts/me') return jsonResponse(401, {});
      return jsonResponse(404, {});
    });
    const today = berlinToday();
    fireEvent.change(await screen.findByLabelText('Einsatztage'), { target: { value: '7tage' } });
    fireEvent.click(screen.getByRole('button', { name: 'Jobs finden' }));
    await waitFor(() => expect(router.state.location.search).toBe('?einsatz=7tage'));
    await waitFor(() => expect(asked.some((p) => p.get('shiftsFrom') === today && p.get('shiftsTo') === addDays(today, 6))).toBe(true));

    fireEvent.change(screen.getByLabelText('Einsatztage'), { target: { value: 'zeitraum' } });
    fireEvent.change(screen.getByLabelText('Einsatz von'), { target: { value: '2026-12-10' } });
    fireEvent.change(screen.getByLabelText('Einsatz bis'), { target: { value: '2026-12-12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Jobs finden' }));
    await waitFor(() => expect(asked.some((p) => p.get('shiftsFrom') === '2026-12-10' && p.get('shiftsTo') === '2026-12-12')).toBe(true));
    expect(router.state.location.search).toBe('?einsatz=zeitraum&von=2026-12-10&bis=2026-12-12');
  });

  it('keeps a filter chosen on screen when the address changes for another one', async () => {
    // The e2e run of stop 47: "Zeitraum" chosen while the page for "Veröffentlicht" was being drawn
    // vanished with its date fields, because the form was drawn anew for every address.
    const { router } = renderApp('/jobs/suche', (path) => {
      const { pathname } = new URL(path, 'http://localhost');
      if (pathname === '/api/job_postings') return jsonResponse(200, { 'hydra:member': [], 'hydra:totalItems': 0 });
      if (pathname === '/api/candidate_accounts/me') return jsonResponse(401, {});
      return jsonResponse(404, {});
    });
    fireEvent.change(await screen.findByLabelText('Einsatztage'), { target: { value: 'zeitraum' } });
    await router.navigate('/jobs/suche?seit=7d');
    await waitFor(() => expect((screen.getByLabelText('Veröffentlicht') as HTMLSelectElement).value).toBe('7d'));
    expect((screen.getByLabelText('Einsatztage') as HTMLSelectElement).value).toBe('zeitraum');
    fireEvent.change(screen.getByLabelText('Einsatz von'), { target: { value: '2026-12-10' } });
    fireEvent.blur(screen.getByLabelText('Einsatz von'));
    await waitFor(() => expect(router.state.location.search).toBe('?seit=7d&einsatz=zeitraum&von=2026-12-10'));
    // The back button fills the fields from the address again.
    await router.navigate(-1);
    await waitFor(() => expect((screen.getByLabelText('Einsatztage') as HTMLSelectElement).value).toBe(''));
    expect((screen.getByLabelText('Veröffentlicht') as HTMLSelectElement).value).toBe('7d');
  });
});
