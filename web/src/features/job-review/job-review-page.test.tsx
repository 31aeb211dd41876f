// The administrators' queue of job postings the AGG wording check flagged: a visitor signs in with
// the administrator's account, sees the waiting job with its findings, rejects one with a reason
// (asked for first) and releases the other; the list then is empty.
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeAdminQueue, signInAsAdministrator } from '@/testing/admin-queue';
import { renderApp } from '@/testing/render-app';
import type { ReviewedJob } from './job-review-page';
import { ASYNC_WAIT } from '@/testing/wait';

afterEach(() => vi.unstubAllGlobals());

const finding = { field: 'requirement', rule: 'muttersprache', category: 'Herkunft und Sprache', words: 'Muttersprache', why: 'knüpft an die ethnische Herkunft an', suggestion: 'C1' };
const job = (id: number, title: string): ReviewedJob => ({
  id, title, organization: { id: 3, name: 'Prüf-Agentur GmbH' }, state: 'review', reviewSince: '2026-11-29T09:00:00Z', findings: [finding], description: null, requirement: 'Deutsch als Muttersprache',
});

describe('job review', () => {
  it('signs the administrator in, rejects one job with a reason and releases the other', async () => {
    const waiting = [job(11, 'Promoter (m/w/d) Limo'), job(12, 'Promoter (m/w/d) Tee')];
    const { respond, decisions } = fakeAdminQueue('/api/admin/job_postings/review', '/api/admin/job_postings', waiting);
    renderApp('/recruiting/portal/anzeigen-pruefung', respond);
    await signInAsAdministrator();
    const limo = await screen.findByRole('listitem', { name: 'Promoter (m/w/d) Limo' });
    expect(within(limo).getByText('Anforderungen: „Muttersprache“')).toBeTruthy();

    fireEvent.click(within(limo).getByRole('button', { name: 'Ablehnen …' }));
    const send = within(limo).getByRole('button', { name: 'Ablehnen und begründen' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);   // not without a reason
    fireEvent.change(within(limo).getByLabelText(/Begründung für den Anbieter/), { target: { value: 'Bitte Sprachniveau statt Muttersprache.' } });
    fireEvent.click(send);
    await screen.findByRole('listitem', { name: 'Promoter (m/w/d) Tee' });
    await vi.waitFor(() => expect(screen.queryByRole('listitem', { name: 'Promoter (m/w/d) Limo' })).toBeNull(), ASYNC_WAIT);

    fireEvent.click(within(screen.getByRole('listitem', { name: 'Promoter (m/w/d) Tee' })).getByRole('button', { name: 'Freigeben' }));
    expect(await screen.findByText('Keine Stellenanzeigen warten auf eine Prüfung.')).toBeTruthy();
    expect(decisions).toEqual(['11 reject {"reason":"Bitte Sprachniveau statt Muttersprache."}', '12 release']);
  });
});
