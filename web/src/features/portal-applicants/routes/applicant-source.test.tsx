// Where applications came from, as the provider sees it (issue 44, item 4): "Quelle: Indeed" per
// applicant in the list and on the applicant's page (with medium and campaign), and the table
// "Bewerbungen nach Quelle" over all jobs or the chosen one; an application from before sources
// were recorded says nothing and counts as "Nicht erfasst".
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/render-app';
import type { ApplicationSource } from '../api/applications';
import { applicant, fakeProviderApi, job } from '@/testing/fake-provider-api';

afterEach(() => vi.unstubAllGlobals());

const jobs = [job(1, { title: 'Promoter Hamburg', state: 'published' }), job(2, { title: 'Messehostess Köln', state: 'published' })];
const source = (label: string, fields: Partial<ApplicationSource> = {}): ApplicationSource => ({
  label,
  utm_source: null,
  utm_medium: null,
  utm_campaign: null,
  referrerHost: null,
  ...fields,
});
const applicants = [
  applicant(11, { jobPosting: { id: 1, title: 'Promoter Hamburg' }, source: source('Indeed', { utm_source: 'indeed', utm_medium: 'cpc', utm_campaign: 'sommer-2026' }) }),
  applicant(12, { jobPosting: { id: 1, title: 'Promoter Hamburg' }, source: source('Indeed', { utm_source: 'indeed' }), candidate: { firstName: 'Tom', lastName: 'Berg' } }),
  applicant(13, { jobPosting: { id: 1, title: 'Promoter Hamburg' }, source: source('Google', { referrerHost: 'www.google.de' }), candidate: { firstName: 'Eva', lastName: 'Kurz' } }),
  applicant(14, { jobPosting: { id: 2, title: 'Messehostess Köln' }, source: null, candidate: { firstName: 'Ole', lastName: 'Alt' } }),
];

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.textContent);

describe('sources of applications in the portal', () => {
  it('names each applicant’s source in the list and counts them per source', async () => {
    const api = fakeProviderApi({ jobs, applicants });
    renderApp('/recruiting/portal/bewerbungen', api.respond);
    const list = await screen.findByRole('list', { name: 'Bewerbungen' });
    const jana = within(list).getByRole('link', { name: 'Jana Meyer' }).closest('li') as HTMLElement;
    expect(jana.textContent).toContain('Quelle: Indeed');
    const eva = within(list).getByRole('link', { name: 'Eva Kurz' }).closest('li') as HTMLElement;
    expect(eva.textContent).toContain('Quelle: Google');
    const ole = within(list).getByRole('link', { name: 'Ole Alt' }).closest('li') as HTMLElement;
    expect(ole.textContent).not.toContain('Quelle');

    const table = await screen.findByRole('table', { name: 'Bewerbungen nach Quelle' });
    expect(rowsOf(table)).toEqual(['Indeed2', 'Google1', 'Nicht erfasst1']);
  });

  it('counts one job’s applications when the list shows that job', async () => {
    const api = fakeProviderApi({ jobs, applicants });
    renderApp('/recruiting/portal/bewerbungen?stelle=1', api.respond);
    const table = await screen.findByRole('table', { name: 'Bewerbungen auf diese Stellenanzeige nach Quelle' });
    expect(rowsOf(table)).toEqual(['Indeed2', 'Google1']);
    await waitFor(() =>
      expect(api.calls.some((c) => c.path === '/api/organizations/7/application_sources' && c.query.get('jobPosting') === '1')).toBe(true),
    );
  });

  it('shows the source with medium and campaign on the applicant’s page', async () => {
    const api = fakeProviderApi({ jobs, applicants });
    renderApp('/recruiting/portal/bewerbungen/11', api.respond);
    expect(await screen.findByText('Quelle: Indeed (Medium: cpc, Kampagne: sommer-2026)')).toBeTruthy();
  });
});
