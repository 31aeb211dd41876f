// Issue 41, item 12: the next free shifts on the job page (at most five, "Alle N Einsätze anzeigen"
// for the rest; full, begun and cancelled shifts left out; a pool-first shift says when it opens)
// and on a result card of a search by Einsatztage ("Sa 05.12., 10–18 Uhr · +3 weitere").
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp } from '@/testing/render-app';
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

function serve(shifts: unknown[]) {
  return (path: string) => {
    const { pathname } = new URL(path, 'http://localhost');
    if (pathname === '/api/candidate_accounts/me') return jsonResponse(401, {});
    if (pathname === '/api/job_postings/slug/promoter-kiel-7') return jsonResponse(200, JOB);
    if (pathname === '/api/job_postings/7/shifts') return jsonResponse(200, { 'hydra:member': shifts, 'hydra:totalItems': shifts.length });
    return jsonResponse(404, {});
  };
}

describe('the next free shifts on the job page', () => {
  it('lists five free shifts with their places left and expands to all of them', async () => {
    const shifts = [
      shift(1, '2099-12-05', { freePlaces: 1, confirmed: 2 }),
      shift(2, '2099-12-06', { freePlaces: 0, confirmed: 3 }),                     // full
      shift(3, '2099-12-07', { startsAt: '2020-01-01T10:00:00Z' }),               // begun
      shift(4, '2099-12-08', { poolOnlyUntil: '2099-12-01T09:00:00Z' }),          // pool first
      shift(5, '2099-12-09'), shift(6, '2099-12-10'), shift(7, '2099-12-11'), shift(8, '2099-12-12'),
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
    expect(items().join('\n')).not.toMatch(/06\.12\.2099|07\.12\.2099/);
    fireEvent.click(within(section).getByRole('button', { name: 'Alle 6 Einsätze anzeigen' }));
    expect(items()).toHaveLength(6);
    expect(items()[5]).toMatch(/^Samstag, 12\.12\.2099/);
    expect(within(section).queryByRole('button', { name: /Alle/ })).toBeNull();
  });

  it('shows nothing for a job without free shifts', async () => {
    renderApp(`/jobs/${JOB.slug}`, serve([shift(2, '2099-12-06', { freePlaces: 0 })]));
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
