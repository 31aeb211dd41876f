// After register-and-apply the application waits for the address to be confirmed. "Verstanden" on
// the welcome dialog leaves the visitor on the apply page, which must show the held application
// and what happens next, not the form that invites a second application (issue 29, bug 3).
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SAVED_APPLICATION_KEY } from '@/shared/lib/saved-application';
import { jsonResponse, renderApp } from '@/testing/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const JOB = { id: 5, slug: 'promoter-kiel-5', title: 'Promoter (m/w/d) in Kiel', activities: [], employmentTypes: [], locations: [{ id: 50, city: 'Kiel' }] };

function serve(path: string) {
  const { pathname } = new URL(path, 'http://localhost');
  if (pathname === '/api/candidate_accounts/me') return jsonResponse(401, { message: 'JWT Token not found' });
  if (pathname === '/api/job_postings/slug/promoter-kiel-5') return jsonResponse(200, JOB);
  return jsonResponse(404, {});
}

describe('register and apply', () => {
  it('"Verstanden" shows the held application and the next steps, not the apply form', async () => {
    localStorage.setItem(SAVED_APPLICATION_KEY, JSON.stringify({ id: 5, slug: JOB.slug, title: JOB.title, notes: 'Hallo aus Kiel!', registered: true }));
    renderApp(`/jobs-bewerbung/${JOB.slug}?successRegister=1`, serve);
    const welcome = await screen.findByRole('dialog', { name: 'Willkommen bei Jobhafen!' });
    fireEvent.click(within(welcome).getByRole('button', { name: 'Verstanden' }));

    expect(await screen.findByRole('heading', { name: 'Deine Bewerbung ist gespeichert' })).toBeTruthy();
    expect(screen.getByText(/klicke auf den Link darin/)).toBeTruthy();
    expect(screen.getByText('Hallo aus Kiel!')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Bewerben' })).toBeNull();
    expect(screen.queryByText(/Du bist noch nicht angemeldet/)).toBeNull();
  });

  it('a visitor without a held application still gets the form', async () => {
    renderApp(`/jobs-bewerbung/${JOB.slug}`, serve);
    expect(await screen.findByRole('button', { name: 'Bewerben' })).toBeTruthy();
    expect(screen.getByText(/Du bist noch nicht angemeldet/)).toBeTruthy();
  });
});
