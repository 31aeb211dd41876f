// /jobs-stadt and /jobs-taetigkeit: the overview of city and activity landing pages. Cities come
// from the content system, else from the menu cities; activities from the content system, else
// from the activities of the live jobs.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { MENU_CITIES } from '@/shared/lib/cities';
import { usePageTitle } from '@/shared/lib/page-title';
import { jobListQueryOptions } from '../api/jobs';
import { landingListQueryOptions } from '../api/landing';
import styles from './landing-index-page.module.css';

export function LandingIndexPage({ kind }: { kind: 'cities' | 'activities' }) {
  const title = kind === 'cities' ? 'Jobs nach Stadt' : 'Jobs nach Tätigkeit';
  usePageTitle(title);
  const entries = useQuery(landingListQueryOptions(kind));
  const jobs = useQuery({ ...jobListQueryOptions({ itemsPerPage: 100, page: 1 }), enabled: kind === 'activities' && entries.isSuccess && entries.data.length === 0 });

  let links: { slug: string; name: string }[] = (entries.data ?? []).map((e) => ({ slug: e.slug, name: e.name ?? e.title ?? e.slug }));
  if (links.length === 0 && kind === 'cities') links = MENU_CITIES.map((c) => ({ slug: c.slug, name: c.name }));
  if (links.length === 0 && kind === 'activities' && jobs.data) {
    const seen = new Map<string, string>();
    for (const job of jobs.data['hydra:member']) for (const a of job.activities) if (a.slug) seen.set(a.slug, a.name);
    links = [...seen].map(([slug, name]) => ({ slug, name })).sort((a, b) => a.name.localeCompare(b.name, 'de'));
  }
  const base = kind === 'cities' ? '/jobs-stadt' : '/jobs-taetigkeit';

  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>{title}</h1>
      <p>{kind === 'cities' ? 'Finde Jobs in deiner Stadt und im Umkreis von 50 km.' : 'Finde Jobs, die zu dem passen, was du gerne machst.'}</p>
      {links.length === 0 ? (
        <p role="status">Wird geladen …</p>
      ) : (
        <ul className={styles.grid}>
          {links.map((link) => (
            <li key={link.slug}>
              <Link to={`${base}/${link.slug}`}>{kind === 'cities' ? `Jobs in ${link.name}` : `${link.name}-Jobs`}</Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
