// The place search as the visitor reads it: the heading names the place the way people say it
// ("Jobs in Lübeck", not the suggestion's "Lübeck, Schleswig-Holstein, Deutschland"), and a job at
// the searched place reads "am Ort" instead of "0 m entfernt" (issue 29, wording); "Frage stellen"
// sits inside its job's card (issue 29, phone layout).
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp } from '@/testing/render-app';

afterEach(() => vi.unstubAllGlobals());

const job = (id: number, distance: number) => ({
  id,
  slug: `job-${id}`,
  title: `Promoter ${id}`,
  organization: { id: 9, name: 'Messe GmbH' },
  activities: [],
  employmentTypes: [],
  locations: [{ id: id * 10, city: 'Lübeck', distance }],
  distance,
});

describe('job search by place', () => {
  it('says "Jobs in Lübeck" and "am Ort" for a job at the place', async () => {
    const jobs = [job(1, 0), job(2, 12_300)];
    renderApp(`/jobs/suche?wo=${encodeURIComponent('Lübeck, Schleswig-Holstein, Deutschland')}&lat=53.87&lon=10.69&umkreis=25`, (path) => {
      const { pathname } = new URL(path, 'http://localhost');
      if (pathname === '/api/job_postings') return jsonResponse(200, { 'hydra:member': jobs, 'hydra:totalItems': jobs.length });
      if (pathname === '/api/candidate_accounts/me') return jsonResponse(401, {});
      return jsonResponse(404, {});
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Jobs in Lübeck' })).toBeTruthy();
    const first = (await screen.findByRole('link', { name: 'Promoter 1' })).closest('article')!;
    expect(within(first).getByText('am Ort')).toBeTruthy();
    expect(within(first).queryByText(/entfernt/)).toBeNull();
    const second = screen.getByRole('link', { name: 'Promoter 2' }).closest('article')!;
    expect(within(second).getByText('12 km entfernt')).toBeTruthy();
  });

  it('puts "Frage stellen" inside the card of its job', async () => {
    const jobs = [job(1, 0), job(2, 12_300)];
    const features = { features: [{ name: 'organization_question_dialog_in_listing', enabled: true }], experiments: [], specialOfferJobId: null };
    renderApp('/jobs/suche', (path) => {
      const { pathname } = new URL(path, 'http://localhost');
      if (pathname === '/api/features') return jsonResponse(200, features);
      if (pathname === '/api/job_postings') return jsonResponse(200, { 'hydra:member': jobs, 'hydra:totalItems': jobs.length });
      if (pathname === '/api/candidate_accounts/me') return jsonResponse(401, {});
      return jsonResponse(404, {});
    });
    const card = (await screen.findByRole('link', { name: 'Promoter 2' })).closest('article')!;
    expect(await within(card).findByRole('button', { name: 'Frage stellen: Promoter 2' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Frage stellen/ }).every((b) => b.closest('article'))).toBe(true);
  });
});
