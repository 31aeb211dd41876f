// Where an application comes from travels in the URL of the flow (issue 44, item 4): a visitor who
// arrives at a job with ?utm_source=indeed keeps it on "Jetzt bewerben", through "Bewerben" and the
// sign-in dialog, and register-and-apply sends it as `source`; a signed-in candidate's application
// sends it too. Nothing of it is kept in a cookie or in storage (the saved application has none).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SAVED_APPLICATION_KEY } from '@/shared/lib/saved-application';
import { jsonResponse, renderApp, SIGNED_IN_CANDIDATE } from '@/testing/render-app';
import { fillRegistrationAsNele } from '@/testing/registration';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const JOB = { id: 5, slug: 'promoter-kiel-5', title: 'Promoter (m/w/d) in Kiel', activities: [], employmentTypes: [], locations: [{ id: 50, city: 'Kiel' }] };

function serve(sent: { path: string; body: unknown }[], signedIn: boolean) {
  return (path: string, init?: RequestInit) => {
    const { pathname } = new URL(path, 'http://localhost');
    if (init?.method === 'POST' && (pathname === '/api/candidate_profiles/register_and_apply_on_job' || pathname === '/api/job_postings/5/apply')) {
      sent.push({ path: pathname, body: JSON.parse(String(init.body)) });
      return jsonResponse(201, signedIn ? { id: 77 } : { applicationStatus: 'waiting_for_email_confirmation' });
    }
    if (pathname === '/api/candidate_accounts/me') return signedIn ? jsonResponse(200, SIGNED_IN_CANDIDATE) : jsonResponse(401, { message: 'Bitte melde dich an.' });
    if (pathname === '/api/candidate_profiles/7') return jsonResponse(200, { id: 7, hasRelevantDataForApplication: true });
    if (pathname === '/api/job_postings/slug/promoter-kiel-5' || pathname === '/api/job_postings/promoter-kiel-5') return jsonResponse(200, JOB);
    if (pathname === '/api/candidate_profiles/email_check') return jsonResponse(200, { email: 'nele@example.de', exists: false, accountType: null, next: 'registration' });
    if (pathname === '/api/applications/my') return jsonResponse(200, { 'hydra:member': [], 'hydra:totalItems': 0 });
    return jsonResponse(404, {});
  };
}

describe('the source of an application', () => {
  it('goes from the job page through registration into register-and-apply', async () => {
    const sent: { path: string; body: unknown }[] = [];
    const { router } = renderApp(`/jobs/${JOB.slug}?utm_source=indeed&utm_campaign=sommer-2026`, serve(sent, false));
    const apply = await screen.findByRole('link', { name: /Jetzt bewerben/ });
    expect(apply.getAttribute('href')).toBe('/jobs-bewerbung/promoter-kiel-5?utm_source=indeed&utm_campaign=sommer-2026');
    fireEvent.click(apply);
    fireEvent.click(await screen.findByRole('button', { name: 'Bewerben' }));

    const dialog = await screen.findByRole('dialog', { name: 'Anmelden oder registrieren' });
    // The sign-in step keeps it in the address, not in the saved application.
    expect(new URLSearchParams(router.state.location.search).get('utm_source')).toBe('indeed');
    expect(new URLSearchParams(router.state.location.search).get('loginApply')).toBe('1');
    expect(localStorage.getItem(SAVED_APPLICATION_KEY)).not.toContain('indeed');
    const form = await fillRegistrationAsNele(dialog);
    fireEvent.click(within(form).getByRole('button', { name: 'Registrieren' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      path: '/api/candidate_profiles/register_and_apply_on_job',
      body: { jobPosting: 5, source: { utm_source: 'indeed', utm_campaign: 'sommer-2026' } },
    });
    expect(document.cookie).not.toContain('indeed');
  });

  it('goes with a signed-in candidate’s application', async () => {
    const sent: { path: string; body: unknown }[] = [];
    renderApp(`/jobs-bewerbung/${JOB.slug}?utm_source=google_jobs_apply&utm_medium=organic`, serve(sent, true));
    fireEvent.click(await screen.findByRole('button', { name: 'Bewerbung absenden' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      path: '/api/job_postings/5/apply',
      body: { data: { source: { utm_source: 'google_jobs_apply', utm_medium: 'organic' } } },
    });
  });

  it('sends no source for a direct visit', async () => {
    const sent: { path: string; body: unknown }[] = [];
    renderApp(`/jobs-bewerbung/${JOB.slug}`, serve(sent, true));
    fireEvent.click(await screen.findByRole('button', { name: 'Bewerbung absenden' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect((sent[0]!.body as { data: Record<string, unknown> }).data).not.toHaveProperty('source');
  });
});
