// The public company page lists the organization's individual ratings (issue 29, spec items still
// partial): stars, comment, author and date, newest first, paged five at a time; without ratings a
// friendly German line instead of an empty box. A rating after an approved shift is marked "nach
// einem Einsatz" (issue 43).
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Rating } from '@/shared/api/ratings';
import { jsonResponse, renderApp } from '@/testing/render-app';

afterEach(() => vi.unstubAllGlobals());

const rating = (i: number): Rating => ({
  id: 100 + i, stars: (i % 5) + 1, comment: `Kommentar ${i}`, author: `Person ${i}.`, createdAt: `2026-0${(i % 9) + 1}-15T10:00:00Z`,
  organization: { id: 7, name: 'Hafen Events GmbH' },
});

function serve(ratings: Rating[], asked: string[]) {
  return (path: string) => {
    const { pathname, searchParams } = new URL(path, 'http://localhost');
    if (pathname === '/api/organizations/slug/hafen-events') return jsonResponse(200, { id: 7, slug: 'hafen-events', name: 'Hafen Events GmbH', ratingsCount: ratings.length });
    if (pathname === '/api/job_postings') return jsonResponse(200, { 'hydra:member': [], 'hydra:totalItems': 0 });
    if (pathname === '/api/organizations/7/star_ratings') {
      asked.push(searchParams.toString());
      const page = Number(searchParams.get('page')), per = Number(searchParams.get('itemsPerPage'));
      return jsonResponse(200, { 'hydra:member': ratings.slice((page - 1) * per, page * per), 'hydra:totalItems': ratings.length });
    }
    if (pathname === '/api/candidate_accounts/me') return jsonResponse(401, {});
    return jsonResponse(404, {});
  };
}

describe('ratings on the company page', () => {
  it('lists stars, comment, author and date, and pages through them', async () => {
    const asked: string[] = [];
    renderApp('/jobanbieter/hafen-events', serve(Array.from({ length: 7 }, (_, i) => rating(i)), asked));
    const list = await screen.findByRole('list', { name: 'Bewertungen von Hafen Events GmbH' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(5);
    const first = items[0]!;
    expect(within(first).getByRole('img', { name: '1 von 5 Sternen' })).toBeTruthy();
    expect(first.textContent).toContain('Kommentar 0');
    expect(first.textContent).toContain('Person 0. am 15. Januar 2026');
    expect(screen.getByText('Seite 1 von 2')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Ältere' }));
    expect(await screen.findByText('Seite 2 von 2')).toBeTruthy();
    expect(await screen.findByText('Kommentar 6')).toBeTruthy();
    expect(asked).toContain('page=2&itemsPerPage=5');
  });

  it('marks a rating backed by an approved shift "nach einem Einsatz", and only that one', async () => {
    const worked = { ...rating(0), afterShift: true, jobPosting: '/api/job_postings/5' };
    renderApp('/jobanbieter/hafen-events', serve([worked, { ...rating(1), afterShift: false }], []));
    const list = await screen.findByRole('list', { name: 'Bewertungen von Hafen Events GmbH' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first!).getByText('nach einem Einsatz')).toBeTruthy();
    expect(within(second!).queryByText('nach einem Einsatz')).toBeNull();
  });

  it('says so kindly when nobody has rated yet, at once, without asking for the list', async () => {
    const asked: string[] = [];
    renderApp('/jobanbieter/hafen-events', serve([], asked));
    expect(await screen.findByText(/Noch hat niemand Hafen Events GmbH bewertet/)).toBeTruthy();
    expect(screen.queryByRole('list', { name: /Bewertungen von/ })).toBeNull();
    expect(screen.queryByText('Bewertungen werden geladen …')).toBeNull();
    expect(asked).toEqual([]);   // no list asked for: nothing arrives later to move the page
  });
});
