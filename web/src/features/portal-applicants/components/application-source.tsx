// Where an application came from, as the provider reads it: "Quelle: Indeed" beside an applicant,
// with the campaign values on the applicant's page, and the table "Bewerbungen nach Quelle" above
// the list (all jobs, or the chosen job). The candidate never sees any of it.
import { useQuery } from '@tanstack/react-query';
import type { ApplicationSource } from '../api/applications';
import { applicationSourcesQueryOptions, countsPerSource } from '../api/application-sources';
import styles from '@/shared/portal/portal.module.css';

/** "Quelle: Indeed"; nothing for an application from before sources were recorded. */
export function sourceLine(source: ApplicationSource | null | undefined): string | null {
  return source ? `Quelle: ${source.label}` : null;
}

/** The applicant page's line: the label and, when the link carried them, medium and campaign. */
export function ApplicantSource({ source, className }: { source: ApplicationSource | null | undefined; className?: string }) {
  const line = sourceLine(source);
  if (!source || !line) return null;
  const details = [
    source.utm_medium && `Medium: ${source.utm_medium}`,
    source.utm_campaign && `Kampagne: ${source.utm_campaign}`,
    source.referrerHost && `von ${source.referrerHost}`,
  ].filter(Boolean);
  return (
    <p className={className}>
      {line}
      {details.length > 0 && ` (${details.join(', ')})`}
    </p>
  );
}

export function ApplicationSourcesTable({ organizationId, job }: { organizationId: number; job: number | undefined }) {
  const sources = useQuery(applicationSourcesQueryOptions(organizationId, job));
  const rows = countsPerSource(sources.data?.['hydra:member'] ?? []);
  if (rows.length === 0) return null;
  return (
    <table className={styles.sources}>
      <caption>{job ? 'Bewerbungen auf diese Stellenanzeige nach Quelle' : 'Bewerbungen nach Quelle'}</caption>
      <thead>
        <tr>
          <th scope="col">Quelle</th>
          <th scope="col">Bewerbungen</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.source}>
            <th scope="row">{row.source}</th>
            <td>{row.applications.toLocaleString('de-DE')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
