// Issue 41, item 12: the next free shifts on the job page (at most five, "Alle N Einsätze anzeigen"
// for the rest; full, begun and cancelled shifts left out; a pool-first shift says when it opens)
// and on a result card of a search by Einsatztage ("Sa 05.12., 10–18 Uhr · +3 weitere").
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp, SIGNED_IN_CANDIDATE } from '@/testing/render-app';
import { shortShiftLabel } from '@/shared/api/shifts';
import type { JobCard as Job } from '../api/jobs';
import { JobCard } from './job-card';

afterEach(() => vi.unstubAllGlobals());

const JOB = { id: 7, slug: 'promoter-kiel-7', title: 'Promoter (m/w/d) in Kiel', activities: [], employmentTypes: [], locations: [{ id: 70, city: 'Kiel' }] };
const future = '2099-01-01T10:00:00Z';
const shift = (id: number, date: string, extra: Record<string, unknown> = {}) => ({
  id, jobPosting: '/api/job_postings/7', date, start: '10:00', end: '18:00', endsNextDay: false, startsAt: future, endsAt: future,
  placeId: null, place: null, staffNeeded: 3, confirmed: 1, freePlaces: 2, baseSalary: null, note: '', cancelledAt: null, poolOnlyUntil: null,
  ...extra,
});

// The server answers `?free=1` with the free shifts by its rule (full, begun, cancelled left out
// there, tests/integration): here it pages the list it is given.
function serve(free: unknown[]) {
  return (path: string) => {
    const url = new URL(path, 'http://localhost');
    if (url.pathname === '/api/candidate_accounts/me') return jsonResponse(401, {});
    if (url.pathname === '/api/job_postings/slug/promoter-kiel-7') return jsonResponse(200, JOB);
    if (url.pathname === '/api/job_postings/7/shifts' && url.searchParams.get('free') === '1') {
      const page = Number(url.searchParams.get('page')), per = Number(url.searchParams.get('itemsPerPage'));
      return jsonResponse(200, { 'hydra:member': free.slice((page - 1) * per, page * per), 'hydra:totalItems': free.length });
    }
    return jsonResponse(404, {});
  };
}

describe('the next free shifts on the job page', () => {
  it('lists the first five free shifts the server names and expands to all of them by its count', async () => {
    const shifts = [
      shift(1, '2099-12-05', { freePlaces: 1, confirmed: 2 }),
      shift(4, '2099-12-08', { poolOnlyUntil: '2099-12-01T09:00:00Z' }),          // pool first
      ...Array.from({ length: 120 }, (_, i) => shift(10 + i, `2100-01-${String((i % 28) + 1).padStart(2, '0')}`)),
    ];
    renderApp(`/jobs/${JOB.slug}`, serve(shifts));
    const section = (await screen.findByRole('heading', { name: 'Nächste freie Einsätze' })).closest('section')!;
    const items = () => within(section).getAllByRole('listitem').map((li) => li.textContent);
    await within(section).findByText('Samstag, 05.12.2099, 10:00–18:00 Uhr');
    expect(items()).toHaveLength(5);
    expect(items()[0]).toBe('Samstag, 05.12.2099, 10:00–18:00 Uhr – noch 1 Platz');
    expect(items()[1]).toBe(
      'Dienstag, 08.12.2099, 10:00–18:00 Uhr – noch 2 Plätze – zuerst für die Stammkräfte des Unternehmens, für alle ab 01.12., 10:00 Uhr',
    );
    // "Alle 122", not the 100 a page holds (review 22, finding 1); the rest on "Weitere Einsätze laden".
    fireEvent.click(within(section).getByRole('button', { name: 'Alle 122 Einsätze anzeigen' }));
    await waitFor(() => expect(items()).toHaveLength(100));
    fireEvent.click(await within(section).findByRole('button', { name: 'Weitere Einsätze laden' }));
    await waitFor(() => expect(items()).toHaveLength(122));
    expect(within(section).queryByRole('button', { name: /Alle|Weitere/ })).toBeNull();
  });

  it('marks her own chosen and confirmed shifts once she applied, and sends her to "Meine Einsätze"', async () => {
    const shifts = [shift(1, '2099-12-05'), shift(2, '2099-12-06'), shift(3, '2099-12-07')];
    const visitor = serve(shifts);
    renderApp(`/jobs/${JOB.slug}`, (path: string) => {
      const { pathname } = new URL(path, 'http://localhost');
      if (pathname === '/api/candidate_accounts/me') return jsonResponse(200, SIGNED_IN_CANDIDATE);
      if (pathname === '/api/applications/my')
        return jsonResponse(200, { 'hydra:member': [{ id: 40, createdAt: '2099-11-01T10:00:00Z', jobPosting: { id: 7 } }] });
      if (pathname === '/api/me/shifts')
        return jsonResponse(200, {
          'hydra:member': [
            { ...shift(1, '2099-12-05'), shiftApplication: { id: 81, status: 'confirmed' } },
            { ...shift(3, '2099-12-07'), shiftApplication: { id: 83, status: 'pending' } },
          ],
          'hydra:totalItems': 2,
        });
      return visitor(path);
    });
    const section = (await screen.findByRole('heading', { name: 'Nächste freie Einsätze' })).closest('section')!;
    const items = () => within(section).getAllByRole('listitem').map((li) => li.textContent);
    await waitFor(() => expect(items()[0]).toBe('Samstag, 05.12.2099, 10:00–18:00 Uhr – noch 2 Plätze – du bist dabei'));
    expect(items()[1]).toBe('Sonntag, 06.12.2099, 10:00–18:00 Uhr – noch 2 Plätze');
    expect(items()[2]).toBe('Montag, 07.12.2099, 10:00–18:00 Uhr – noch 2 Plätze – von dir gewählt');
    expect(within(section).getByRole('link', { name: 'Meine Einsätze' }).getAttribute('href')).toBe('/meine-einsaetze');
    expect(within(section).queryByText('Die Einsätze wählst du beim Bewerben aus.')).toBeNull();
  });

  it('shows nothing for a job without free shifts', async () => {
    renderApp(`/jobs/${JOB.slug}`, serve([]));
    await screen.findByRole('heading', { name: JOB.title });
    expect(screen.queryByRole('heading', { name: 'Nächste freie Einsätze' })).toBeNull();
  });
});

describe('the free shifts on a result card', () => {
  const card = (freeShifts?: Job['freeShifts']) =>
    render(
      <MemoryRouter>
        <JobCard job={{ ...JOB, freeShifts } as Job} flags={{ showPublished: false, specialOfferId: null }} />
      </MemoryRouter>,
    );

  it('says the next two and how many more', () => {
    card({ total: 5, next: [shift(1, '2026-12-12'), shift(2, '2026-12-13', { start: '22:30', end: '06:00', endsNextDay: true, poolOnlyUntil: future })] });
    expect(screen.getByText(/Freie Einsätze:/).closest('p')!.textContent).toBe(
      'Freie Einsätze: Sa 12.12., 10–18 Uhr · So 13.12., 22:30–6 Uhr (zuerst für Stammkräfte) · +3 weitere',
    );
  });

  it('says "mehr als" when the server stopped counting at 100', () => {
    card({ total: 100, totalCapped: true, next: [shift(1, '2026-12-12'), shift(2, '2026-12-13')] });
    expect(screen.getByText(/Freie Einsätze:/).closest('p')!.textContent).toBe(
      'Freie Einsätze: Sa 12.12., 10–18 Uhr · So 13.12., 10–18 Uhr · mehr als 98 weitere',
    );
  });

  it('says one shift alone, and nothing without a search by dates', () => {
    card({ total: 1, next: [shift(1, '2026-12-12', { end: '00:00' })] });
    expect(screen.getByText(/Freier Einsatz:/).closest('p')!.textContent).toBe('Freier Einsatz: Sa 12.12., 10–24 Uhr');
  });

  it('has no shift line without a search by dates', () => {
    card(undefined);
    expect(screen.queryByText(/Einsatz|Einsätze/)).toBeNull();
    expect(shortShiftLabel({ date: '2026-12-14', start: '08:15', end: '12:00' })).toBe('Mo 14.12., 08:15–12 Uhr');
  });
});
