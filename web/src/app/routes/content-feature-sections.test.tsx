// The job-details section and the 15 account-* sections are drawn with their real content (issue
// 29, spec items still partial): job-details shows the job the section or route names; an account
// section shows the account page itself (the signed-in candidate's ratings here), and a visitor
// the sign-in prompt, never a bare title.
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp, SIGNED_IN_CANDIDATE } from '@/testing/render-app';
import { ACCOUNT_SECTION_ROUTES } from './content-feature-sections';
import { ACCOUNT_ROUTES } from './account-elements';

afterEach(() => vi.unstubAllGlobals());

const JOB = {
  id: 5, slug: 'promoter-kiel-5', title: 'Promoter (m/w/d) in Kiel', description: 'Verkostung im Supermarkt.', activities: [], employmentTypes: [],
  locations: [{ id: 50, city: 'Kiel' }],
};

function serve(signedIn: boolean) {
  return (path: string) => {
    const { pathname } = new URL(path, 'http://localhost');
    if (pathname === '/api/content/pages/by-slug/mein-bereich')
      return jsonResponse(200, {
        id: 9, slug: 'mein-bereich', sections: [
          { __component: 'headline-with-text', title: 'Dein Bereich', content: 'Alles an einem Ort.' },
          { __component: 'job-details', job: 'promoter-kiel-5' },
          { __component: 'account-ratings', title: 'Deine Bewertungen' },
        ],
      });
    if (pathname === '/api/job_postings/slug/promoter-kiel-5') return jsonResponse(200, JOB);
    if (pathname === '/api/candidate_accounts/me') return signedIn ? jsonResponse(200, SIGNED_IN_CANDIDATE) : jsonResponse(401, {});
    if (pathname === '/api/candidate_accounts/5/star_ratings')
      return jsonResponse(200, { 'hydra:member': [{ id: 3, stars: 4, comment: 'Fair bezahlt', createdAt: '2026-05-01T10:00:00Z', organization: { id: 7, name: 'Hafen Events GmbH' } }] });
    return jsonResponse(404, {});
  };
}

describe('job-details and account sections on a content page', () => {
  it('every account-* type names an account page', () => {
    expect(Object.keys(ACCOUNT_SECTION_ROUTES)).toHaveLength(15);
    const paths = ACCOUNT_ROUTES.map(([p]) => p);
    for (const path of Object.values(ACCOUNT_SECTION_ROUTES)) expect(paths).toContain(path);
  });

  it('draws the job and the signed-in candidate’s own ratings', async () => {
    renderApp('/mein-bereich', serve(true));
    expect(await screen.findByRole('heading', { name: 'Promoter (m/w/d) in Kiel' })).toBeTruthy();
    expect(screen.getByText('Verkostung im Supermarkt.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Zum Job' }).getAttribute('href')).toBe('/jobs/promoter-kiel-5');
    const list = await screen.findByRole('list', { name: 'Deine Bewertungen' });
    expect(list.textContent).toContain('Hafen Events GmbH');
    expect(list.textContent).toContain('Fair bezahlt');
  });

  it('asks a visitor to sign in where the account section is', async () => {
    renderApp('/mein-bereich', serve(false));
    expect(await screen.findByRole('heading', { name: 'Bitte melde dich an' })).toBeTruthy();
    expect(screen.getByText('Diese Seite gehört zu deinem Jobhafen-Konto. Melde dich an, um sie zu sehen.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Deine Bewertungen' })).toBeNull();
  });
});
