// The monthly report's charts (issue 44 item 8), drawn by recharts: the month's applications per
// source, and per job stacked by source (the ten jobs with the most applications; the table below
// lists them all). This module is the only one that imports recharts, and the report page loads it
// lazily, so the library is a chunk of its own that only this page fetches.
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { MonthlyReport } from '../api/monthly-report';
import { jobChartData } from '../lib/chart-data';

// Distinguishable on white, the theme's blue and gold first.
const COLOURS = ['#0D223F', '#DCA441', '#2E7D32', '#C62828', '#6A1B9A', '#00838F', '#EF6C00', '#5D4037', '#546E7A', '#AD1457', '#9E9D24'];

export function ReportCharts({ report }: { report: MonthlyReport }) {
  const bySource = report.totals.sources.map((s) => ({ name: s.source, Bewerbungen: s.applications }));
  // Sources are keyed by their place, never by their label (lib/chart-data.ts).
  const { series, rows: byJob } = jobChartData(report);
  return (
    <>
      <h2>Bewerbungen nach Quelle</h2>
      {bySource.length === 0 ? (
        <p>In diesem Monat kamen keine Bewerbungen.</p>
      ) : (
        <figure aria-label="Diagramm: Bewerbungen nach Quelle" style={{ margin: 0 }}>
          <ResponsiveContainer width="100%" height={Math.max(160, 48 * bySource.length)}>
            <BarChart data={bySource} layout="vertical" margin={{ left: 24, right: 24 }}>
              <CartesianGrid strokeDasharray="3 3" horizontal={false} />
              <XAxis type="number" allowDecimals={false} />
              <YAxis type="category" dataKey="name" width={140} />
              <Tooltip />
              <Bar dataKey="Bewerbungen" fill={COLOURS[0]} isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
        </figure>
      )}
      {byJob.length > 0 && (
        <>
          <h2>Bewerbungen je Stellenanzeige</h2>
          <figure aria-label="Diagramm: Bewerbungen je Stellenanzeige nach Quelle" style={{ margin: 0 }}>
            <ResponsiveContainer width="100%" height={Math.max(200, 56 * byJob.length)}>
              <BarChart data={byJob} layout="vertical" margin={{ left: 24, right: 24 }}>
                <CartesianGrid strokeDasharray="3 3" horizontal={false} />
                <XAxis type="number" allowDecimals={false} />
                <YAxis type="category" dataKey="job" width={200} />
                <Tooltip />
                <Legend />
                {series.map((s, i) => (
                  <Bar key={s.key} dataKey={s.key} name={s.source} stackId="quelle" fill={COLOURS[i % COLOURS.length]} isAnimationActive={false} />
                ))}
              </BarChart>
            </ResponsiveContainer>
          </figure>
        </>
      )}
    </>
  );
}
