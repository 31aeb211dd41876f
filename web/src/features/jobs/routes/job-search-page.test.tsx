// The place search as the visitor reads it: the heading names the place the way people say it
// ("Jobs in Lübeck", not the suggestion's "Lübeck, Schleswig-Holstein, Deutschland"), and a job at
// the searched place reads "am Ort" instead of "0 m entfernt" (issue 29, wording); "Frage stellen"
// sits inside its job's card (issue 29, phone layout).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp, SIGNED_IN_CANDIDATE } from '@/testing/render-app';

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

// Issue 41, item 2: a filter under "Jobs finden" applies as it changes, and "Als Job-Alert
// speichern" saves what the form shows (here a "Was?" typed but not yet submitted).
describe('the search form applies its filters as they change', () => {
  it('changes the address when "Veröffentlicht" changes, and the alert dialog names what is on screen', async () => {
    const asked: string[] = [];
    const features = { features: [{ name: 'job_alerts', enabled: true }], experiments: [], specialOfferJobId: null };
    const { router } = renderApp('/jobs/suche?was=Promoter', (path) => {
      const url = new URL(path, 'http://localhost');
      if (url.pathname === '/api/features') return jsonResponse(200, features);
      if (url.pathname === '/api/job_postings') {
        asked.push(url.search);
        return jsonResponse(200, { 'hydra:member': [job(1, 0)], 'hydra:totalItems': 1 });
      }
      if (url.pathname === '/api/candidate_accounts/me') return jsonResponse(200, SIGNED_IN_CANDIDATE);
      return jsonResponse(404, {});
    });
    const search = await screen.findByRole('search', { name: 'Jobsuche' });
    fireEvent.change(within(search).getByLabelText('Veröffentlicht'), { target: { value: '24h' } });
    await waitFor(() => expect(router.state.location.search).toBe('?was=Promoter&seit=24h'));
    await waitFor(() => expect(asked.some((q) => q.includes('interval_created=24h'))).toBe(true));
    fireEvent.change(within(await screen.findByRole('search', { name: 'Jobsuche' })).getByLabelText('Was?'), { target: { value: 'Barista' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Als Job-Alert speichern' }));
    const dialog = await screen.findByRole('dialog', { name: 'Job-Alert anlegen' });
    const words = within(dialog).getAllByRole('listitem').map((li) => li.textContent);
    expect(words).toEqual(['Stichwort: Barista', 'Veröffentlicht in den letzten 24 Stunden']);
  }, 30_000);
});

// Issue 41, item 10: on a phone the filters below "Was?" and "Wo?" fold behind "Filter", which
// counts the active ones; a filter just changed keeps them open when the page is drawn anew.
describe('the filters fold behind one button', () => {
  it('says how many filters are active, opens on a tap and stays open after a change', async () => {
    renderApp('/jobs/suche?seit=24h&einsatz=heute', (path) => {
      const { pathname } = new URL(path, 'http://localhost');
      if (pathname === '/api/job_postings') return jsonResponse(200, { 'hydra:member': [job(1, 0)], 'hydra:totalItems': 1 });
      if (pathname === '/api/candidate_accounts/me') return jsonResponse(401, {});
      return jsonResponse(404, {});
    });
    const fold = await screen.findByRole('button', { name: 'Filter (2 aktiv)' });
    expect(fold.getAttribute('aria-expanded')).toBe('false');
    const panel = document.getElementById(fold.getAttribute('aria-controls')!)!;
    expect(panel.dataset.folded).toBe('true');
    fireEvent.click(fold);
    expect(screen.getByRole('button', { name: 'Filter ausblenden' }).getAttribute('aria-expanded')).toBe('true');
    expect(panel.dataset.folded).toBe('false');
    // A change applies at once (a new address, the form drawn anew) and the filters stay open.
    fireEvent.change(within(panel).getByLabelText('Veröffentlicht'), { target: { value: '' } });
    const after = await screen.findByRole('button', { name: 'Filter ausblenden' });
    expect(after.getAttribute('aria-expanded')).toBe('true');
  });
});
