// A visitor who is not signed in picks shifts on /jobs-bewerbung/{slug}: the choice shows without
// a user (the public list of the job's upcoming shifts), "Bewerben" keeps it with the saved
// application, and registering sends its ids with register_and_apply_on_job. A new account has
// no stated work limits, so nobody asks about them.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp } from '@/testing/render-app';
import { fillRegistrationAsNele } from '@/testing/registration';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const JOB = { id: 5, slug: 'promoter-kiel-5', title: 'Promoter (m/w/d) in Kiel', activities: [], employmentTypes: [], locations: [{ id: 50, city: 'Kiel' }] };
const shift = (id: number, date: string) => ({
  id, jobPosting: '/api/job_postings/5', date, start: '10:00', end: '18:00', endsNextDay: false, startsAt: '', endsAt: '',
  placeId: null, place: null, staffNeeded: 2, confirmed: 0, freePlaces: 2, baseSalary: null, note: '', cancelledAt: null,
});

function serve(sent: unknown[], calls: string[]) {
  return (path: string, init?: RequestInit) => {
    const { pathname } = new URL(path, 'http://localhost');
    calls.push(pathname);
    if (pathname === '/api/candidate_accounts/me') return jsonResponse(401, { message: 'Bitte melde dich an.' });
    if (pathname === '/api/job_postings/slug/promoter-kiel-5') return jsonResponse(200, JOB);
    if (pathname === '/api/job_postings/5/shifts') return jsonResponse(200, { 'hydra:member': [shift(31, '2026-12-05'), shift(32, '2026-12-06')], 'hydra:totalItems': 2 });
    if (pathname === '/api/candidate_profiles/email_check') return jsonResponse(200, { email: 'nele@example.de', exists: false, accountType: null, next: 'registration' });
    if (pathname === '/api/candidate_profiles/register_and_apply_on_job' && init?.method === 'POST') {
      sent.push(JSON.parse(String(init.body)));
      return jsonResponse(201, { applicationStatus: 'waiting_for_email_confirmation' });
    }
    return jsonResponse(404, {});
  };
}

describe('registering and applying with shifts', () => {
  it('shows the shifts to a visitor and sends the chosen ones with the registration', async () => {
    const sent: unknown[] = [];
    const calls: string[] = [];
    renderApp(`/jobs-bewerbung/${JOB.slug}`, serve(sent, calls));
    fireEvent.click(await screen.findByRole('checkbox', { name: /06\.12\.2026/ }));
    expect(screen.getByRole('checkbox', { name: /05\.12\.2026/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Bewerben' }));

    const dialog = await screen.findByRole('dialog', { name: 'Anmelden oder registrieren' });
    const form = await fillRegistrationAsNele(dialog);
    // With shifts the birth date is asked (the rules for minors, docs/fair-play.md).
    fireEvent.change(within(form).getByLabelText('Geburtsdatum'), { target: { value: '2009-05-17' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Registrieren' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      email: 'nele@example.de',
      jobPosting: 5,
      shifts: [32],
      birthDate: '2009-05-17',
      languages: [{ language: 'de', level: 'native' }],
    });
    expect(calls).not.toContain('/api/candidate_accounts/me/work_limits');
  });
});
