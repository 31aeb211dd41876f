// /recruiting/portal/monatsbericht: the organization's monthly report ("Sie"; issue 44 item 8,
// docs/reach.md "Monatsbericht"): the month in the address (?monat=YYYY-MM, this month without it)
// with "Vorheriger Monat"/"Nächster Monat" and a month field, the month's totals as tiles, the charts
// of applications per source and per job (recharts, loaded only when the page draws them, so no
// other page's JavaScript grows), the figures per job as a table, and the month as CSV.
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import form from '@/shared/ui/form.module.css';
import { PageLoading } from '@/shared/ui/page-loading';
import type { OrganizationMember } from '@/shared/portal/member';
import { fieldErrors, providerMessage } from '@/shared/portal/messages';
import { berlinMonth, monthTitle } from '@/shared/portal/months';
import { MonthStepper } from '@/shared/portal/month-stepper';
import { PortalFrame } from '@/shared/portal/portal-frame';
import styles from '@/shared/portal/portal.module.css';
import { monthlyReportCsvUrl, monthlyReportQueryOptions, type MonthlyReport, type ReportFigures } from '../api/monthly-report';

const ReportCharts = lazy(() => import('../components/report-charts').then((m) => ({ default: m.ReportCharts })));

const number = (n: number) => n.toLocaleString('de-DE');

/** "3,5 Std." or "–" when no application was answered. */
export const hoursText = (h: number | null) => (h === null ? '–' : `${h.toLocaleString('de-DE', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} Std.`);

// A month the server refuses (422 at `month`: malformed, in the future, before the organization) in
// its words; every other failure as the portal says it.
const refusal = (error: unknown) =>
  fieldErrors(error).month ?? providerMessage(error, 'Der Monatsbericht konnte gerade nicht geladen werden.');

// The mail goes to the organization's owner only (R__jh_monthly_report_mails.sql); a team member
// is told so rather than promised a mail (review 26).
const mailNote = (member: OrganizationMember) =>
  member.role === 'owner'
    ? 'Am Monatsersten schicken wir Ihnen die Zahlen des Vormonats per E-Mail.'
    : 'Am Monatsersten schicken wir die Zahlen des Vormonats per E-Mail an die Inhaberin oder den Inhaber Ihres Unternehmenskontos.';

export function MonthlyReportPage() {
  return <PortalFrame title="Monatsbericht">{(member) => <Report member={member} />}</PortalFrame>;
}

function Report({ member }: { member: OrganizationMember }) {
  const [params, setParams] = useSearchParams();
  const current = berlinMonth();
  const requested = params.get('monat') ?? '';
  const month = /^\d{4}-\d{2}$/.test(requested) ? requested : current;
  const org = member.organization.id;
  const report = useQuery(monthlyReportQueryOptions(org, month));
  const go = (m: string) => setParams({ monat: m });
  return (
    <>
      <p>
        Wie oft Ihre Stellenanzeigen gesehen wurden, wie viele Bewerbungen woher kamen, wie schnell Ihr Team geantwortet hat und wie viele
        Einsätze besetzt wurden – je Monat, je Stellenanzeige und insgesamt. {mailNote(member)}
      </p>
      <MonthStepper month={month} onChange={go} latest={current}>
        <label>
          Monat wählen{' '}
          <input type="month" value={month} max={current} onChange={(e) => /^\d{4}-\d{2}$/.test(e.target.value) && go(e.target.value)} />
        </label>
      </MonthStepper>
      {report.isPending && <PageLoading />}
      {report.isError && <p role="alert">{refusal(report.error)}</p>}
      {report.data && <ReportBody report={report.data} csvUrl={monthlyReportCsvUrl(org, month)} />}
    </>
  );
}

function ReportBody({ report, csvUrl }: { report: MonthlyReport; csvUrl: string }) {
  const t = report.totals;
  return (
    <>
      {!report.complete && <p>Der Monat läuft noch: Die Zahlen zeigen den Stand bis heute.</p>}
      <p>
        <a className={form.secondary} href={csvUrl} download>
          Als CSV herunterladen
        </a>
      </p>
      <section aria-label="Summen des Monats" className={styles.tiles}>
        <Tile label="Aufrufe" value={number(t.views)} />
        <Tile label="Bewerbungen" value={number(t.applications)} />
        <Tile label="Antwortzeit (Median)" value={hoursText(t.medianResponseHours)} note={`${number(t.answered)} von ${number(t.applications)} beantwortet`} />
        <Tile label="Einsätze voll besetzt" value={`${number(t.shiftsFilled)} von ${number(t.shifts)}`} note={`${number(t.placesFilled)} von ${number(t.places)} Plätzen besetzt`} />
      </section>
      {report.jobsTotal === 0 ? (
        <p>In diesem Monat war keine Ihrer Stellenanzeigen online.</p>
      ) : (
        <>
          <Suspense fallback={<p>Diagramme werden geladen …</p>}>
            <ReportCharts report={report} />
          </Suspense>
          <JobTable report={report} />
        </>
      )}
    </>
  );
}

function Tile({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className={styles.tile} role="group" aria-label={label}>
      <p className={styles.figure}>{value}</p>
      <p>{label}</p>
      {note && <p className={styles.meta}>{note}</p>}
    </div>
  );
}

const sourcesText = (f: ReportFigures) => f.sources.map((s) => `${s.source}: ${number(s.applications)}`).join(', ') || '–';

function JobTable({ report }: { report: MonthlyReport }) {
  return (
    <>
      <h2>Je Stellenanzeige</h2>
      {report.jobsListed < report.jobsTotal && (
        <p>
          Die {number(report.jobsListed)} Stellenanzeigen mit den meisten Bewerbungen von {number(report.jobsTotal)}; die Summen zählen alle.
        </p>
      )}
      <div style={{ overflowX: 'auto' }}>
        <table>
          <caption>Zahlen je Stellenanzeige, {monthTitle(report.month)}</caption>
          <thead>
            <tr>
              <th scope="col">Stellenanzeige</th>
              <th scope="col">Aufrufe</th>
              <th scope="col">Bewerbungen</th>
              <th scope="col">Nach Quelle</th>
              <th scope="col">Antwortzeit (Median)</th>
              <th scope="col">Einsätze voll besetzt</th>
            </tr>
          </thead>
          <tbody>
            {report.jobs.map((j) => (
              <tr key={j.id}>
                <th scope="row">{j.title}</th>
                <td>{number(j.views)}</td>
                <td>{number(j.applications)}</td>
                <td>{sourcesText(j)}</td>
                <td>{hoursText(j.medianResponseHours)}</td>
                <td>
                  {number(j.shiftsFilled)} von {number(j.shifts)}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Gesamt</th>
              <td>{number(report.totals.views)}</td>
              <td>{number(report.totals.applications)}</td>
              <td>{sourcesText(report.totals)}</td>
              <td>{hoursText(report.totals.medianResponseHours)}</td>
              <td>
                {number(report.totals.shiftsFilled)} von {number(report.totals.shifts)}
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
    </>
  );
}
