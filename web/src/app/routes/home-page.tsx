// The start page: hero with the search, search buttons (job types and cities), the newest jobs
// and the teasers the content system has for the start page (homepage-teaser-jobs,
// homepage-job-cards; left out when the content API has none).
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link } from 'react-router';
import { collectionQueryOptions } from '@/features/content/api/content';
import { HomeJobCards } from '@/features/jobs/components/home-job-cards';
import { JobSearchForm } from '@/features/jobs/components/job-search-form';
import { JobTypeLinks } from '@/features/jobs/components/job-type-links';
import { MENU_CITIES } from '@/shared/lib/cities';
import { usePageTitle } from '@/shared/lib/page-title';
import styles from './home-page.module.css';

function Teasers() {
  const teasers = useQuery({ ...collectionQueryOptions('homepage-teaser-jobs', { pageSize: 6 }), retry: false });
  const cards = useQuery({ ...collectionQueryOptions('homepage-job-cards', { pageSize: 6 }), retry: false });
  const items = [...(teasers.data?.data ?? []), ...(cards.data?.data ?? [])];
  if (items.length === 0) return null;
  return (
    <section className={styles.teasers} aria-labelledby="home-teasers">
      <h2 id="home-teasers">Entdecke Jobhafen</h2>
      <ul>
        {items.map((item) => {
          const route = (item.btn_route ?? (item.button as { btn_route?: string } | undefined)?.btn_route) as string | undefined;
          return (
            <li key={`${item.id}-${item.title}`}>
              <h3>{route ? <Link to={route}>{item.title ?? item.name}</Link> : (item.title ?? item.name)}</h3>
              {(item.subline || item.description) && <p>{String(item.subline ?? item.description)}</p>}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export function HomePage() {
  usePageTitle();
  const headingId = useId();

  return (
    <>
      <section className={styles.hero} aria-labelledby={headingId}>
        <div className={styles.heroInner}>
          <h1 id={headingId} className={styles.heading}>
            Finde deinen nächsten Job
          </h1>
          <p className={styles.intro}>
            Bei Jobhafen findest du Promotion-, Messe-, Event-, Gastro-, Studenten-, Rentner-, Schüler-, Ferien- und Nebenjobs –
            flexibel und in deiner Nähe.
          </p>
          <JobSearchForm dark />
        </div>
      </section>
      <div className={styles.content}>
        <JobTypeLinks />
        <section aria-labelledby="home-cities" className={styles.cities}>
          <h2 id="home-cities">Jobs in deiner Stadt</h2>
          <ul>
            {MENU_CITIES.filter((city) => city.teasered).map((city) => (
              <li key={city.slug}>
                <Link to={`/jobs-stadt/${city.slug}`}>{city.name}</Link>
              </li>
            ))}
            <li>
              <Link to="/jobs-stadt">Alle Städte</Link>
            </li>
          </ul>
        </section>
        <HomeJobCards />
        <Teasers />
      </div>
    </>
  );
}
