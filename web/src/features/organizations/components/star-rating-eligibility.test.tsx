// Issue 41, item 16: the rating form asks before it is filled in whether she may rate, and when not
// it is disabled and says why (too few applications, already rated on a date); when she may, it
// sends the rating as before.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp, SIGNED_IN_CANDIDATE } from '@/testing/render-app';

afterEach(() => vi.unstubAllGlobals());

function serve(eligibility: Record<string, unknown>, posted: unknown[] = []) {
  return (path: string, init?: RequestInit) => {
    const { pathname } = new URL(path, 'http://localhost');
    if (pathname === '/api/organizations/slug/hafen-events') return jsonResponse(200, { id: 7, slug: 'hafen-events', name: 'Hafen Events GmbH' });
    if (pathname === '/api/job_postings') return jsonResponse(200, { 'hydra:member': [], 'hydra:totalItems': 0 });
    if (pathname === '/api/candidate_accounts/me') return jsonResponse(200, SIGNED_IN_CANDIDATE);
    if (pathname === '/api/features') return jsonResponse(200, { features: [{ name: 'rating', enabled: true }] });
    if (pathname === '/api/organizations/7/star_rating_eligibility') return jsonResponse(200, eligibility);
    if (pathname === '/api/organization_star_ratings' && init?.method === 'POST') {
      posted.push(JSON.parse(String(init.body)));
      return jsonResponse(201, {});
    }
    return jsonResponse(404, {});
  };
}

const form = () => screen.findByRole('form', { name: 'Hafen Events GmbH bewerten' });

describe('rating eligibility before submitting', () => {
  it('disables the form with the reason when she has applied too few times', async () => {
    const reason = 'Du kannst dieses Unternehmen bewerten, sobald du dich mindestens 5-mal beworben hast (bisher 2 Bewerbungen) oder nach einem Einsatz dort, dessen Stunden das Unternehmen bestätigt hat.';
    renderApp('/jobanbieter/hafen-events', serve({ canRate: false, reason, ratedAt: null, applications: 2, applicationsNeeded: 5 }));
    expect((await within(await form()).findByRole('status')).textContent).toBe(reason);
    expect((screen.getByRole('button', { name: 'Bewertung abgeben' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('radio', { name: '5 Sterne' }).matches(':disabled')).toBe(true);   // its fieldset is disabled
    expect((screen.getByLabelText('Dein Kommentar (optional)') as HTMLTextAreaElement).disabled).toBe(true);
  });

  it('says when she rated already', async () => {
    const reason = 'Du hast dieses Unternehmen bereits am 12.11.2026 bewertet.';
    renderApp('/jobanbieter/hafen-events', serve({ canRate: false, reason, ratedAt: '2026-11-12T09:00:00Z', applications: 7, applicationsNeeded: 5 }));
    expect((await within(await form()).findByRole('status')).textContent).toBe(reason);
    expect((screen.getByRole('button', { name: 'Bewertung abgeben' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('lets her rate when she may', async () => {
    const posted: unknown[] = [];
    renderApp('/jobanbieter/hafen-events', serve({ canRate: true, reason: null, ratedAt: null, applications: 5, applicationsNeeded: 5 }, posted));
    const rating = await form();
    const submit = screen.getByRole('button', { name: 'Bewertung abgeben' }) as HTMLButtonElement;
    await waitFor(() => expect(submit.disabled).toBe(false));
    expect(within(rating).queryByRole('status')).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: '4 Sterne' }));
    fireEvent.click(submit);
    await screen.findByText('Danke für deine Bewertung!');
    expect(posted).toEqual([{ organization: 7, stars: 4 }]);
  });
});
