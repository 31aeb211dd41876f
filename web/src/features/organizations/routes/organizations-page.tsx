// /jobanbieter: the organizations with open jobs, searchable by name; remembered as the last
// organization listing.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { usePageTitle } from '@/shared/lib/page-title';
import { track } from '@/shared/tracking/track';
import form from '@/shared/ui/form.module.css';
import { organizationListQueryOptions, PAGE_SIZE } from '../api/organizations';
import styles from './organizations.module.css';
import { rememberListing } from '@/shared/lib/last-listing';

export function OrganizationsPage() {
  usePageTitle('Jobanbieter');
  const [params] = useSearchParams();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const id = useId();
  const q = params.get('q')?.trim() ?? '';
  const page = Math.max(1, Number(params.get('seite')) || 1);
  const list = useQuery(organizationListQueryOptions(q, page));

  useEffect(() => {
    rememberListing('organizations', pathname + search);
    track(q ? 'organizations_searched' : 'organization_listing_viewed');
  }, [pathname, search, q]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    void navigate(value ? `/jobanbieter?q=${encodeURIComponent(value)}` : '/jobanbieter');
  }

  const total = list.data?.['hydra:totalItems'] ?? 0;
  const pages = Math.ceil(total / PAGE_SIZE);
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>Jobanbieter</h1>
      <p>Hier findest du Agenturen und Unternehmen, die über Jobhafen Personal suchen.</p>
      <form role="search" aria-label="Jobanbieter suchen" onSubmit={onSubmit} className={styles.search} key={q}>
        <div className={form.field}>
          <label htmlFor={`${id}-q`}>Name des Jobanbieters</label>
          <input id={`${id}-q`} name="q" type="search" defaultValue={q} />
        </div>
        <button type="submit" className={form.button}>Suchen</button>
      </form>
      {list.isError && <p role="alert">Die Jobanbieter konnten gerade nicht geladen werden.</p>}
      {list.data && <p role="status">{total === 1 ? '1 Jobanbieter' : `${total} Jobanbieter`}</p>}
      <ul className={styles.grid}>
        {list.data?.['hydra:member'].map((org) => (
          <li key={org.id} className={styles.card}>
            <h2><Link to={`/jobanbieter/${org.slug}`}>{org.name}</Link></h2>
            {org.city && <p>{org.city}</p>}
            {org.openJobs !== undefined && <p>{org.openJobs === 1 ? '1 offener Job' : `${org.openJobs} offene Jobs`}</p>}
          </li>
        ))}
      </ul>
      {pages > 1 && (
        <nav className={styles.pager} aria-label="Seiten">
          {page > 1 ? <Link to={`/jobanbieter?${new URLSearchParams({ ...(q && { q }), seite: String(page - 1) })}`}>« Vorherige Seite</Link> : <span />}
          <span>Seite {page} von {pages}</span>
          {page < pages ? <Link to={`/jobanbieter?${new URLSearchParams({ ...(q && { q }), seite: String(page + 1) })}`}>Nächste Seite »</Link> : <span />}
        </nav>
      )}
    </div>
  );
}
