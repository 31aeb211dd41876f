// The public job page's content (header, text, facts, contact, company), shared by the job detail
// page and every place that shows a job as candidates will see it (the provider portal's preview).
// `actions` is drawn between the header and the text.
import type { ReactNode } from 'react';
import { ResponseTimeNote } from '@/shared/ui/response-time';
import type { JobDetail, Named } from '../api/jobs';
import { formatDate, formatMoney, formatSalary, WAGE_EXEMPTION_TEXTS } from '../lib/format';
import styles from '../routes/job-detail-page.module.css';
import { useIsSpecialOffer, useShowPublished } from '../lib/job-flags';
import { SpecialOfferBadge } from './job-card';
import { JobText } from './job-text';

const names = (list?: (Named | string)[] | null) =>
  (list ?? []).map((item) => (typeof item === 'string' ? item : item.name)).filter(Boolean).join(', ');

function Row({ label, children }: { label: string; children: ReactNode }) {
  if (children === null || children === undefined || children === '' || children === false) return null;
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

type Props = {
  job: JobDetail;
  actions?: ReactNode;
  /** h2 where the job is shown inside another page (a preview), so that page keeps one h1. */
  titleAs?: 'h1' | 'h2';
  /** One column whatever the window's width: for a narrow place such as a preview beside a form. */
  compact?: boolean;
};

export function JobDetailBody({ job, actions, titleAs: Title = 'h1', compact = false }: Props) {
  const salary = formatSalary(job.baseSalary, job.salaryUnit, job.salaryCurrency, job.baseSalaryMax);
  const company = job.company;
  const showPublished = useShowPublished();
  const specialOffer = useIsSpecialOffer(job.id);
  const content = (
    <>
      <header className={styles.header}>
        {job.logo && <img className={styles.logo} src={job.logo} alt={`Logo von ${job.organization?.name ?? 'Jobanbieter'}`} width={80} height={80} />}
        <div>
          <Title className={styles.title}>{job.title}</Title>
          {specialOffer && <SpecialOfferBadge />}
          {job.organization?.name && <p className={styles.org}>{job.organization.name}</p>}
          {salary && <p className={styles.salary}>{salary}</p>}
          <ResponseTimeNote value={job.responseTime} subject={job.organization?.name} className={styles.responseTime} />
        </div>
      </header>

      {actions}

      {/* No teaser here: the server makes it from the description's first line, which follows. */}
      <div className={styles.columns}>
        <section className={styles.text}>
          <h2>Über den Job</h2>
          {job.description ? <JobText text={job.description} /> : <p>Der Jobanbieter hat keine Beschreibung hinterlegt.</p>}
          {job.requirement && (
            <>
              <h2>Das bringst du mit</h2>
              <JobText text={job.requirement} />
            </>
          )}
          {job.benefits && (
            <>
              <h2>Das bieten wir dir</h2>
              <JobText text={job.benefits} />
            </>
          )}
        </section>
        <aside className={styles.facts} aria-label="Eckdaten">
          <h2>Eckdaten</h2>
          <dl>
            <Row label="Job-ID">{job.jobId ?? String(job.id)}</Row>
            <Row label="Tätigkeiten">{names(job.activities)}</Row>
            <Row label="Anstellungsart">{names(job.employmentTypes)}</Row>
            <Row label="Branchen">{names(job.industries)}</Row>
            <Row label="Marken">{names(job.brands)}</Row>
            <Row label="Einsatzorte">
              {job.locations.length > 0 && (
                <ul>
                  {job.locations.map((l, i) => (
                    <li key={i}>{[l.street, [l.zipcode, l.city].filter(Boolean).join(' ')].filter(Boolean).join(', ')}</li>
                  ))}
                </ul>
              )}
            </Row>
            <Row label="Zum Einsatzort">{job.locationDescription}</Row>
            <Row label="Zeitraum">{job.periodDescription}</Row>
            <Row label="Arbeitszeit">{job.workingTime}</Row>
            <Row label="Grundvergütung">{salary}</Row>
            <Row label="Zur Vergütung">{job.salaryDescription}</Row>
            <Row label="Mindestlohn">{job.wageExemption ? WAGE_EXEMPTION_TEXTS[job.wageExemption] : null}</Row>
            <Row label="Übernachtungspauschale">{formatMoney(job.overnightStayAllowance)}</Row>
            <Row label="Reisekosten">{formatMoney(job.travelExpenses)}</Row>
            <Row label="Sonderzahlungen">{formatMoney(job.specialPayments)}</Row>
            <Row label="Schlagworte">{names(job.tags as (Named | string)[])}</Row>
            {showPublished && <Row label="Veröffentlicht">{formatDate(job.publishedAt)}</Row>}
            <Row label="Gültig bis">{formatDate(job.validThrough)}</Row>
          </dl>
          {job.contact && (job.contact.name || job.contact.email || job.contact.phone) && (
            <>
              <h2>Ansprechperson</h2>
              <p>
                {job.contact.name}
                {job.contact.email && <><br /><a href={`mailto:${job.contact.email}`}>{job.contact.email}</a></>}
                {job.contact.phone && <><br /><a href={`tel:${job.contact.phone.replace(/[^\d+]/g, '')}`}>{job.contact.phone}</a></>}
              </p>
            </>
          )}
          {company && company.name && (
            <>
              <h2>Unternehmen</h2>
              <p>
                {company.name}
                {company.legalForm && !company.name.endsWith(company.legalForm) && ` (${company.legalForm})`}
                {company.street && <><br />{company.street}</>}
                {(company.zipcode || company.city) && <><br />{[company.zipcode, company.city].filter(Boolean).join(' ')}</>}
                {company.website && <><br /><a href={company.website} target="_blank" rel="noopener noreferrer">{company.website.replace(/^https?:\/\//, '')}</a></>}
                {company.registerCourt && <><br />{company.registerCourt} {company.registerNumber}</>}
                {company.vatId && <><br />USt-IdNr.: {company.vatId}</>}
              </p>
            </>
          )}
        </aside>
      </div>
    </>
  );
  return compact ? <div className={styles.compact}>{content}</div> : content;
}
