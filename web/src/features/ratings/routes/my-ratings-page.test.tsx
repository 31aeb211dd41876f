// /meine-bewertungen: the candidate's own ratings, each with "nach einem Einsatz" when an approved
// shift at the organization backs it (issue 43, item 5), as the company page shows it.
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp, SIGNED_IN_CANDIDATE } from '@/testing/render-app';

afterEach(() => vi.unstubAllGlobals());

const rating = (id: number, name: string, afterShift: boolean) => ({
  id,
  stars: 4,
  comment: 'Fair bezahlt',
  createdAt: '2026-11-01T10:00:00Z',
  afterShift,
  jobPosting: afterShift ? '/api/job_postings/41' : null,
  organization: { id: id + 100, name },
});

function serve(path: string) {
  const { pathname } = new URL(path, 'http://localhost');
  if (pathname === '/api/candidate_accounts/me') return jsonResponse(200, SIGNED_IN_CANDIDATE);
  if (pathname === `/api/candidate_accounts/${SIGNED_IN_CANDIDATE.id}/star_ratings`)
    return jsonResponse(200, { 'hydra:member': [rating(1, 'Messebau Nord GmbH', true), rating(2, 'Hafen Events GmbH', false)] });
  return jsonResponse(404, {});
}

describe('my ratings', () => {
  it('marks the rating made after a shift "nach einem Einsatz", and only that one', async () => {
    renderApp('/meine-bewertungen', serve);
    const list = await screen.findByRole('list', { name: 'Deine Bewertungen' });
    const [afterShift, other] = within(list).getAllByRole('listitem');
    expect(afterShift!.textContent).toContain('Messebau Nord GmbH');
    expect(within(afterShift!).getByText('nach einem Einsatz')).toBeTruthy();
    expect(other!.textContent).toContain('Hafen Events GmbH');
    expect(other!.textContent).not.toContain('nach einem Einsatz');
  });
});
