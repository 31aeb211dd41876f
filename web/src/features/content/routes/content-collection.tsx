// Lists and single entries of content collections: events (/messen-events/...), tips articles
// (/tipps-faq/...), the wiki (/wiki/...), and for organizations HR knowledge
// (/recruiting/hr-wissen/...) and their wiki (/recruiting/wiki/...). A category narrows the list;
// an entry is found by its slug. Unknown slugs are the not-found page.
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { ApiError } from '@/shared/api/client';
import { lastListing, listingKindOf, rememberListing } from '@/shared/lib/last-listing';
import { usePageTitle } from '@/shared/lib/page-title';
import { shareContent, useContentViewTracking } from '@/shared/tracking/content-tracking';
import { PageLoading } from '@/shared/ui/page-loading';
import { collectionQueryOptions, type CollectionName, type Entry } from '../api/content';
import { ErrorView } from '../components/error-view';
import { RichText } from '../components/rich-text';
import styles from './content.module.css';

type Audience = 'candidate' | 'organization';

export type CollectionRoute = {
  /** The list's base path, e.g. /tipps-faq. */
  base: string;
  title: string;
  intro: string;
  collection: CollectionName;
  /** The category collection, when entries are grouped. */
  categories?: CollectionName;
  /** Field of an entry naming its category; the list is narrowed by the content API's `category`
   *  parameter (the category's slug). */
  categoryField?: string;
  audience?: Audience;
  /** Extra equality filters, e.g. the scope of organization articles. */
  filter?: Record<string, string>;
};

function entryTitle(entry: Entry): string {
  return entry.title ?? entry.name ?? entry.slug ?? '';
}

function entryCategorySlug(entry: Entry, field?: string): string | undefined {
  if (!field) return undefined;
  const category = entry[field] as { slug?: string } | undefined;
  return category?.slug;
}

function failure(error: unknown, audience: Audience) {
  if (error instanceof ApiError && error.status === 404) return <ErrorView status={404} audience={audience} />;
  throw error;
}

export function CollectionListPage({ route }: { route: CollectionRoute }) {
  const { category } = useParams();
  const params = { sort: '-publishedAt', pageSize: 48, ...route.filter, ...(category && route.categoryField ? { category } : {}) };
  const list = useQuery({ ...collectionQueryOptions(route.collection, params), retry: false });
  useContentViewTracking(route.collection, 'list', undefined, list.isSuccess);
  const kind = listingKindOf(route.collection);
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (kind) rememberListing(kind, pathname + search);
  }, [kind, pathname, search]);
  const categories = useQuery({
    ...collectionQueryOptions(route.categories ?? 'article-categories', { ...route.filter, pageSize: 100 }),
    enabled: Boolean(route.categories),
    retry: false,
  });
  const categoryName = category ? (categories.data?.data.find((c) => c.slug === category)?.name ?? categories.data?.data.find((c) => c.slug === category)?.title) : undefined;
  const title = categoryName ? `${route.title}: ${categoryName}` : route.title;
  usePageTitle(title);

  if (list.isPending) return <PageLoading />;
  if (list.isError) return failure(list.error, route.audience ?? 'candidate');
  if (category && categories.isSuccess && !categoryName) return <ErrorView status={404} audience={route.audience} />;

  return (
    <div className={styles.page}>
      <nav className={styles.breadcrumbs} aria-label="Brotkrümelnavigation">
        <ol>
          <li><Link to={route.audience === 'organization' ? '/recruiting' : '/'}>Startseite</Link></li>
          <li>{category ? <Link to={route.base}>{route.title}</Link> : route.title}</li>
          {categoryName && <li>{categoryName}</li>}
        </ol>
      </nav>
      <h1 className={styles.title}>{title}</h1>
      <p>{route.intro}</p>
      {categories.data && categories.data.data.length > 0 && (
        <ul className={styles.breadcrumbs} aria-label="Kategorien">
          {categories.data.data.map((c) => (
            <li key={c.id}><Link to={`${route.base}/${c.slug}`}>{c.name ?? c.title}</Link></li>
          ))}
        </ul>
      )}
      {list.data.data.length === 0 ? (
        <p className={styles.empty}>Hier gibt es gerade noch nichts zu lesen.</p>
      ) : (
        <ul className={styles.list}>
          {list.data.data.map((entry) => {
            const cat = entryCategorySlug(entry, route.categoryField) ?? category;
            const href = route.categoryField && cat ? `${route.base}/${cat}/${entry.slug}` : `${route.base}/${entry.slug}`;
            return (
              <li key={entry.id} className={styles.item}>
                <h2><Link to={href}>{entryTitle(entry)}</Link></h2>
                {(entry.description || entry.intro_text) && <p>{String(entry.description ?? entry.intro_text).slice(0, 220)}</p>}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

export function CollectionEntryPage({ route }: { route: CollectionRoute }) {
  const params = useParams();
  const slug = params.entry ?? params.slug ?? '';
  const found = useQuery({ ...collectionQueryOptions(route.collection, { ...route.filter, slug }), retry: false });
  const entry = found.data?.data[0];
  usePageTitle(entry ? entryTitle(entry) : undefined);
  useContentViewTracking(route.collection, 'details', entry?.id as number | undefined, Boolean(entry));

  if (found.isPending) return <PageLoading />;
  if (found.isError) return failure(found.error, route.audience ?? 'candidate');
  if (!entry) return <ErrorView status={404} audience={route.audience} />;
  const category = entryCategorySlug(entry, route.categoryField);
  if (params.category && category && category !== params.category) return <ErrorView status={404} audience={route.audience} />;

  return (
    <article className={styles.page}>
      <nav className={styles.breadcrumbs} aria-label="Brotkrümelnavigation">
        <ol>
          <li><Link to={route.audience === 'organization' ? '/recruiting' : '/'}>Startseite</Link></li>
          <li><Link to={listingKindOf(route.collection) ? lastListing(listingKindOf(route.collection)!, route.base, route.base) : route.base}>{route.title}</Link></li>
          <li>{entryTitle(entry)}</li>
        </ol>
      </nav>
      <h1 className={styles.title}>{entryTitle(entry)}</h1>
      <RichText text={entry.description ?? entry.intro_text} />
      <RichText text={entry.content} />
      <p>
        <button type="button" onClick={() => void shareContent(route.collection, entry.id as number | undefined, entryTitle(entry))}>
          Teilen
        </button>
      </p>
    </article>
  );
}
