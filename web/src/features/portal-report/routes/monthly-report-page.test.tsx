// The portal's monthly report (issue 44 item 8): the month of the address is asked for, its totals
// show as tiles, the per-job table adds up, the CSV link names the same month, the charts load; the
// previous month is one click away; a month the server refuses shows its German message; a month
// without jobs says so; the portal's navigation leads there.
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderApp } from '@/testing/render-app';
import { fakeProviderApi } from '@/testing/fake-provider-api';
import type { MonthlyReport } from '../api/monthly-report';

const figures = {
  views: 0,
  applications: 0,
  answered: 0,
  medianResponseHours: null,
  shifts: 0,
  shiftsFilled: 0,
  places: 0,
  placesFilled: 0,
  sources: [],
};

const october: MonthlyReport = {
  month: '2026-10',
  from: '2026-10-01',
  to: '2026-10-31',
  complete: true,
  jobsTotal: 2,
  jobsListed: 2,
  totals: {
    ...figures,
    views: 1234,
    applications: 5,
    answered: 4,
    medianResponseHours: 3.5,
    shifts: 2,
    shiftsFilled: 1,
    places: 5,
    placesFilled: 3,
    sources: [
      { source: 'Indeed', applications: 3 },
      { source: 'Direkt', applications: 2 },
    ],
  },
  jobs: [
    { ...figures, id: 11, title: 'Promoter (m/w/d) in Bremen', views: 1000, applications: 4, answered: 3, medianResponseHours: 2, sources: [{ source: 'Indeed', applications: 3 }, { source: 'Direkt', applications: 1 }] },
    { ...figures, id: 12, title: 'Messehostess (m/w/d)', views: 234, applications: 1, answered: 1, medianResponseHours: 10, sources: [{ source: 'Direkt', applications: 1 }] },
  ],
};

function reportApi(reports: Record<string, () => Response>) {
  const portal = fakeProviderApi();
  const asked: string[] = [];
  const respond = (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const m = /^\/api\/organizations\/7\/reports\/(.+)$/.exec(url.pathname);
    if (m) {
      asked.push(m[1]!);
      return (reports[m[1]!] ?? (() => jsonResponse(200, { ...october, month: m[1], jobsTotal: 0, jobsListed: 0, jobs: [], totals: figures })))();
    }
    return portal.respond(input, init);
  };
  return { respond, asked };
}

describe('the monthly report page', { timeout: 20_000 }, () => {
  it('shows the month’s totals, the jobs, the charts and the CSV link', async () => {
    const api = reportApi({ '2026-10': () => jsonResponse(200, october) });
    renderApp('/recruiting/portal/monatsbericht?monat=2026-10', api.respond);
    expect(await screen.findByRole('heading', { name: 'Oktober 2026' })).toBeTruthy();
    const totals = await screen.findByRole('region', { name: 'Summen des Monats' });
    expect(within(totals).getByRole('group', { name: 'Aufrufe' }).textContent).toContain('1.234');
    expect(within(totals).getByRole('group', { name: 'Bewerbungen' }).textContent).toContain('5');
    expect(within(totals).getByRole('group', { name: 'Antwortzeit (Median)' }).textContent).toContain('3,5 Std.');
    expect(within(totals).getByRole('group', { name: 'Antwortzeit (Median)' }).textContent).toContain('4 von 5 beantwortet');
    expect(within(totals).getByRole('group', { name: 'Einsätze voll besetzt' }).textContent).toContain('1 von 2');

    const table = screen.getByRole('table', { name: 'Zahlen je Stellenanzeige, Oktober 2026' });
    const promoter = within(table).getByRole('row', { name: /Promoter \(m\/w\/d\) in Bremen/ });
    expect(promoter.textContent).toContain('Indeed: 3, Direkt: 1');
    expect(promoter.textContent).toContain('2,0 Std.');
    expect(within(table).getByRole('row', { name: /Gesamt/ }).textContent).toContain('Indeed: 3, Direkt: 2');

    const csv = screen.getByRole('link', { name: 'Als CSV herunterladen' });
    expect(csv.getAttribute('href')).toBe('/api/organizations/7/reports/2026-10.csv');
    expect(csv.hasAttribute('download')).toBe(true);
    expect(await screen.findByRole('heading', { name: 'Bewerbungen nach Quelle' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Bewerbungen je Stellenanzeige' })).toBeTruthy();
    expect(screen.getByRole('figure', { name: 'Diagramm: Bewerbungen nach Quelle' })).toBeTruthy();
    expect(api.asked).toEqual(['2026-10']);
  });

  it('goes to the previous month, and says when a month has no jobs', async () => {
    const api = reportApi({ '2026-10': () => jsonResponse(200, october) });
    renderApp('/recruiting/portal/monatsbericht?monat=2026-10', api.respond);
    await screen.findByRole('table', { name: /Oktober 2026/ });
    fireEvent.click(screen.getByRole('button', { name: 'Vorheriger Monat' }));
    expect(await screen.findByRole('heading', { name: 'September 2026' })).toBeTruthy();
    expect(await screen.findByText('In diesem Monat war keine Ihrer Stellenanzeigen online.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Als CSV herunterladen' }).getAttribute('href')).toBe('/api/organizations/7/reports/2026-09.csv');
    expect(api.asked).toEqual(['2026-10', '2026-09']);
  });

  it('shows the server’s German message for a month it refuses', async () => {
    const refused = () =>
      jsonResponse(422, {
        status: 422,
        message: 'Die Eingaben sind nicht gültig.',
        violations: [{ propertyPath: 'month', message: 'Für diesen Monat gibt es keinen Bericht: Ihr Unternehmen war damals noch nicht bei Jobhafen registriert.' }],
      });
    renderApp('/recruiting/portal/monatsbericht?monat=2019-01', reportApi({ '2019-01': refused }).respond);
    expect((await screen.findByRole('alert')).textContent).toContain('Ihr Unternehmen war damals noch nicht bei Jobhafen registriert.');
  });

  it('promises the mail to the owner, and tells a team member who gets it (review 26)', async () => {
    const owner = reportApi({ '2026-10': () => jsonResponse(200, october) });
    const first = renderApp('/recruiting/portal/monatsbericht?monat=2026-10', owner.respond);
    expect(await screen.findByText(/Am Monatsersten schicken wir Ihnen die Zahlen des Vormonats per E-Mail\./)).toBeTruthy();
    first.unmount();
    const team = reportApi({ '2026-10': () => jsonResponse(200, october) });
    const asMember = async (input: string, init?: RequestInit) => {
      const res = await team.respond(input, init);
      if (new URL(input, 'http://localhost').pathname !== '/api/organization_members/me') return res;
      return jsonResponse(200, { ...(await res.json()), role: 'member' });
    };
    renderApp('/recruiting/portal/monatsbericht?monat=2026-10', asMember);
    expect(await screen.findByText(/an die Inhaberin oder den Inhaber Ihres Unternehmenskontos\./)).toBeTruthy();
    expect(screen.queryByText(/schicken wir Ihnen/)).toBeNull();
  });

  it('is in the portal’s navigation', async () => {
    renderApp('/recruiting/portal/monatsbericht?monat=2026-10', reportApi({ '2026-10': () => jsonResponse(200, october) }).respond);
    const nav = await screen.findByRole('navigation', { name: 'Portal' });
    expect(within(nav).getByRole('link', { name: 'Monatsbericht' }).getAttribute('href')).toBe('/recruiting/portal/monatsbericht');
  });
});
