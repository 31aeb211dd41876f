// /jobanbieter/{slug}: one organization with its logo (when it has one, as on its job pages), facts,
// its individual ratings and open jobs. Unknown → the not-found view the app passes in.
import { useQuery } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '@/shared/api/client';
import { usePageTitle } from '@/shared/lib/page-title';
import { track } from '@/shared/tracking/track';
import { PageLoading } from '@/shared/ui/page-loading';
import { ResponseTimeNote } from '@/shared/ui/response-time';
import { useFeature } from '@/shared/lib/features';
import { useUser } from '@/shared/auth/use-user';
import { OrganizationRatings } from '../components/organization-ratings';
import { StarRating } from '../components/star-rating';
import { organizationJobsQueryOptions, organizationLogoUrl, organizationQueryOptions } from '../api/organizations';
import styles from './organizations.module.css';
import { lastListing } from '@/shared/lib/last-listing';

export function OrganizationPage({ notFound }: { notFound: ReactNode }) {
  const { slug = '' } = useParams();
  const org = useQuery(organizationQueryOptions(slug));
  // Signed in, her applied jobs are left out (issue 41, item 14): the key changes once she is known.
  const { user } = useUser();
  const jobs = useQuery({ ...organizationJobsQueryOptions(org.data?.id ?? 0, user != null), enabled: Boolean(org.data) });
  usePageTitle(org.data?.name);
  const rating = useFeature('rating');
  useEffect(() => {
    if (org.data) track('organization_details_viewed', { organizationId: org.data.id });
  }, [org.data]);

  if (org.isPending) return <PageLoading />;
  if (org.isError) {
    if (org.error instanceof ApiError && org.error.status === 404) return notFound;
    throw org.error;
  }
  const o = org.data;
  const back = lastListing('organizations', '/jobanbieter');
  return (
    <article className={styles.page}>
      <p><Link to={back}>« Zurück zur Liste</Link></p>
      <div className={styles.title}>
        {o.hasLogo && <img className={styles.logo} src={organizationLogoUrl(o.id)} alt={`Logo von ${o.name}`} width={96} height={96} />}
        <h1 className={styles.heading}>{o.name}</h1>
      </div>
      {/* The server's teaser is the description's first sentence: shown once, with the description. */}
      {o.teaser && !o.description?.trim().startsWith(o.teaser.trim()) && <p className={styles.lead}>{o.teaser}</p>}
      <dl className={styles.facts}>
        {o.city && <><dt>Sitz</dt><dd>{o.city}</dd></>}
        {o.foundingYear && <><dt>Gegründet</dt><dd>{o.foundingYear}</dd></>}
        {o.employees && <><dt>Mitarbeitende</dt><dd>{o.employees}</dd></>}
        {o.workingDaysPerYear && <><dt>Einsatztage pro Jahr</dt><dd>{o.workingDaysPerYear}</dd></>}
        {o.ratingsCount ? <><dt>Bewertungen</dt><dd>{o.ratingAverage?.toLocaleString('de-DE', { maximumFractionDigits: 1 })} von 5 ({o.ratingsCount})</dd></> : null}
        {o.website && <><dt>Website</dt><dd><a href={o.website} target="_blank" rel="noopener noreferrer">{o.website.replace(/^https?:\/\//, '')}</a></dd></>}
      </dl>
      <ResponseTimeNote value={o.responseTime} subject={o.name} />
      {o.description && <div className={styles.text}>{o.description}</div>}
      <h2>Bewertungen</h2>
      <OrganizationRatings organizationId={o.id} name={o.name} count={o.ratingsCount ?? 0} />
      <h2>Bewerten</h2>
      {rating && <StarRating organizationId={o.id} name={o.name} />}
      <h2>Offene Jobs{jobs.data ? ` (${jobs.data['hydra:totalItems']})` : ''}</h2>
      {jobs.data && jobs.data['hydra:member'].length === 0 && <p>Gerade gibt es keine offenen Jobs.</p>}
      <ul className={styles.jobs}>
        {jobs.data?.['hydra:member'].map((job) => (
          <li key={job.id}>
            <Link to={`/jobs/${job.slug || job.id}`}>{job.title}</Link>
            {job.locations[0]?.city && ` – ${job.locations[0].city}`}
          </li>
        ))}
      </ul>
    </article>
  );
}
