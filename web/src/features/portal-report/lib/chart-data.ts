// The data of the monthly report's chart "Bewerbungen je Stellenanzeige" (issue 44 item 8): one row
// per job, one stacked series per source of the month. The sources are labels that come from
// outside (a candidate's utm_source "as given"), so they are never the rows' keys: recharts reads a
// data key as a path (`get(row, key)`), and a source named "name", "constructor" or "__proto__"
// would overwrite the job's label or read the object's prototype (review 26). Each series has a key
// of its own (q0, q1, …) and the source as its display name.
import type { MonthlyReport } from '../api/monthly-report';

/** The jobs the chart shows: the ten with the most applications (the table lists them all). */
export const CHART_JOBS = 10;

export type SourceSeries = { key: string; source: string };
export type JobChartRow = { job: string } & Record<string, string | number>;

const shorten = (title: string) => (title.length > 28 ? `${title.slice(0, 27)}…` : title);

export function jobChartData(report: MonthlyReport): { series: SourceSeries[]; rows: JobChartRow[] } {
  const series = report.totals.sources.map((s, i) => ({ key: `q${i}`, source: s.source }));
  const keyOf = new Map(series.map((s) => [s.source, s.key]));
  const rows = report.jobs
    .filter((j) => j.applications > 0)
    .slice(0, CHART_JOBS)
    .map((j) => {
      const row: JobChartRow = { job: shorten(j.title) };
      for (const s of series) row[s.key] = 0;
      for (const s of j.sources) {
        const key = keyOf.get(s.source);
        if (key !== undefined) row[key] = s.applications;
      }
      return row;
    });
  return { series, rows };
}
