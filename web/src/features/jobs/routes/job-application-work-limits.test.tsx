// Applying with a shift that would cross the candidate's work limit: the server's warning is
// shown first with "Trotzdem bewerben?", nothing is sent until the candidate says so, "Abbrechen"
// sends nothing, and "Trotzdem bewerben" applies with the shift (a warning, never a block).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp, SIGNED_IN_CANDIDATE } from '@/testing/render-app';

afterEach(() => vi.unstubAllGlobals());

const JOB = { id: 5, slug: 'promoter-kiel-5', title: 'Promoter (m/w/d) in Kiel', activities: [], employmentTypes: [], locations: [{ id: 50, city: 'Kiel' }] };
const SHIFT = {
  id: 31, jobPosting: '/api/job_postings/5', date: '2026-12-05', start: '10:00', end: '18:00', endsNextDay: false, startsAt: '', endsAt: '',
  placeId: null, place: null, staffNeeded: 2, confirmed: 0, freePlaces: 2, baseSalary: null, note: '', cancelledAt: null,
};
const MESSAGE = 'Damit würdest du im Dezember 2026 voraussichtlich 640,00 € verdienen und die Minijob-Grenze von 603 € im Monat überschreiten.';

function serve(applied: unknown[], asked: string[]) {
  return (path: string, init?: RequestInit) => {
    const { pathname, search } = new URL(path, 'http://localhost');
    if (pathname === '/api/candidate_accounts/me') return jsonResponse(200, SIGNED_IN_CANDIDATE);
    if (pathname === '/api/candidate_profiles/7') return jsonResponse(200, { id: 7, hasRelevantDataForApplication: true });
    if (pathname === '/api/job_postings/slug/promoter-kiel-5') return jsonResponse(200, JOB);
    if (pathname === '/api/job_postings/5/shifts') return jsonResponse(200, { 'hydra:member': [SHIFT], 'hydra:totalItems': 1 });
    if (pathname === '/api/candidate_accounts/me/work_limits') {
      asked.push(search);
      return jsonResponse(200, { status: 'minijob', measure: 'minijob_month', periods: [], warnings: [{ key: '2026-12', message: MESSAGE }] });
    }
    if (pathname === '/api/job_postings/5/apply' && init?.method === 'POST') {
      applied.push(JSON.parse(String(init.body)));
      return jsonResponse(201, { id: 77 });
    }
    return jsonResponse(404, {});
  };
}

describe('applying over a work limit', () => {
  it('asks first and applies only when the candidate goes on', async () => {
    const applied: unknown[] = [];
    const asked: string[] = [];
    renderApp(`/jobs-bewerbung/${JOB.slug}`, serve(applied, asked));
    fireEvent.click(await screen.findByRole('checkbox', { name: /05\.12\.2026/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Bewerbung absenden' }));
    const dialog = await screen.findByRole('dialog', { name: 'Arbeitszeitgrenze' });
    expect(within(dialog).getByText(MESSAGE)).toBeTruthy();
    expect(within(dialog).getByText('Trotzdem bewerben?')).toBeTruthy();
    expect(asked).toEqual(['?shifts=31']);
    expect(applied).toEqual([]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    expect(applied).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Bewerbung absenden' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Arbeitszeitgrenze' })).getByRole('button', { name: 'Trotzdem bewerben' }));
    await waitFor(() => expect(applied).toHaveLength(1));
    expect(applied[0]).toMatchObject({ data: { shifts: [31] } });
  });
});
