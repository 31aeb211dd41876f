// The per-job chart's data (review 26): source labels are a candidate's text, so a label such as
// "name", "constructor", "__proto__" or "a.b" must neither replace a job's label nor read anything
// but its own count.
import { describe, expect, it } from 'vitest';
import type { MonthlyReport, ReportFigures } from '../api/monthly-report';
import { jobChartData } from './chart-data';

const none: ReportFigures = { views: 0, applications: 0, answered: 0, medianResponseHours: null, shifts: 0, shiftsFilled: 0, places: 0, placesFilled: 0, sources: [] };
const sources = [
  { source: 'name', applications: 4 },
  { source: 'constructor', applications: 3 },
  { source: '__proto__', applications: 2 },
  { source: 'stepstone.de', applications: 1 },
];
const report: MonthlyReport = {
  month: '2026-10',
  from: '2026-10-01',
  to: '2026-10-31',
  complete: true,
  jobsTotal: 2,
  jobsListed: 2,
  totals: { ...none, applications: 10, sources },
  jobs: [
    { ...none, id: 1, title: 'Promoter (m/w/d) in Bremen', applications: 9, sources },
    { ...none, id: 2, title: 'Messehostess', applications: 1, sources: [{ source: 'stepstone.de', applications: 1 }] },
  ],
};

describe('the per-job chart data', () => {
  it('keys each source by its place, so no label overwrites a job or reads the prototype', () => {
    const { series, rows } = jobChartData(report);
    expect(series).toEqual([
      { key: 'q0', source: 'name' },
      { key: 'q1', source: 'constructor' },
      { key: 'q2', source: '__proto__' },
      { key: 'q3', source: 'stepstone.de' },
    ]);
    expect(rows).toEqual([
      { job: 'Promoter (m/w/d) in Bremen', q0: 4, q1: 3, q2: 2, q3: 1 },
      { job: 'Messehostess', q0: 0, q1: 0, q2: 0, q3: 1 },
    ]);
  });

  it('shortens long titles and leaves out jobs without applications', () => {
    const long = { ...report, jobs: [{ ...none, id: 3, title: 'Eine sehr lange Stellenanzeige für den Messestand', applications: 1, sources: [] }, { ...none, id: 4, title: 'Leer' }] };
    expect(jobChartData(long).rows).toEqual([{ job: 'Eine sehr lange Stellenanze…', q0: 0, q1: 0, q2: 0, q3: 0 }]);
  });
});
