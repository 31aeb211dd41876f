// Sections that draw entries of a content collection: activity and city carousels and sheets,
// article, event and wiki listings (with category filter and paging) and details, SEO texts and
// the start page's "how it works" cards.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { collectionQueryOptions, entryQueryOptions, type CollectionName, type Entry } from '../../api/content';
import { RichText } from '../rich-text';
import { ContentButton, ContentImage, SectionFrame, type SectionProps } from './kit';
import { Icon } from './text-sections';
import styles from './sections.module.css';

const slugs = (value: unknown): string[] => (Array.isArray(value) ? value.filter((s): s is string => typeof s === 'string') : []);
const LIST_PAGE_SIZE = 12;

function Loading({ failed }: { failed: boolean }) {
  return failed ? <p role="alert">Dieser Bereich konnte gerade nicht geladen werden.</p> : <p className={styles.muted}>Wird geladen …</p>;
}

/** Entries of `names` in that order, or all of `all` when no names are given. */
function pick(entries: Entry[], names: string[]): Entry[] {
  if (names.length === 0) return entries;
  const bySlug = new Map(entries.map((e) => [e.slug, e]));
  return names.map((n) => bySlug.get(n)).filter((e): e is Entry => e !== undefined);
}

function PlaceLinks({ props, collection, base, filter }: { props: SectionProps; collection: CollectionName; base: string; filter?: Record<string, string> }) {
  const { section, type } = props;
  const names = slugs(collection === 'activities' ? section.activities : section.cities);
  const query = useQuery(collectionQueryOptions(collection, { pageSize: 100, sort: 'name', ...(names.length === 0 ? filter : {}) }));
  const carousel = type.endsWith('carousel');
  return (
    <SectionFrame {...props}>
      {!query.data ? (
        <Loading failed={query.isError} />
      ) : (
        <ul className={carousel ? styles.carousel : styles.sheet}>
          {pick(query.data.data, names).map((entry) => (
            <li key={entry.id}>
              <Link to={`${base}/${entry.slug}`} className={carousel ? styles.carouselItem : undefined}>
                {entry.name ?? entry.title}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </SectionFrame>
  );
}

export const ActivityLinks = (props: SectionProps) => <PlaceLinks props={props} collection="activities" base="/jobs-taetigkeit" />;
export const CityLinks = (props: SectionProps) => <PlaceLinks props={props} collection="cities" base="/jobs-stadt" filter={{ teasered: 'true' }} />;

type Listing = {
  collection: CollectionName;
  categories?: CollectionName;
  /** The path of an entry. */
  href: (entry: Entry) => string;
};

const categorySlug = (entry: Entry, field: string) => (entry[field] as { slug?: string } | undefined)?.slug ?? '';

function listingOf(type: string, scope: string | undefined): Listing {
  if (type === 'event-listing') {
    return { collection: 'events', categories: 'event-categories', href: (e) => `/messen-events/${categorySlug(e, 'event_category')}/${e.slug}` };
  }
  if (type === 'wiki-listing') {
    return { collection: 'wikis', href: (e) => (scope === 'organization' ? `/recruiting/wiki/${e.slug}` : `/wiki/${e.slug}`) };
  }
  return {
    collection: 'articles',
    categories: 'article-categories',
    href: (e) => `${scope === 'organization' ? '/recruiting/hr-wissen' : '/tipps-faq'}/${categorySlug(e, 'article_category')}/${e.slug}`,
  };
}

/** Articles, events or wiki entries: a category filter (where the collection has categories) and pages. */
export function EntryListing(props: SectionProps) {
  const { section, type } = props;
  const filter = (section.filterParams ?? {}) as { scope?: string; category?: string };
  const listing = listingOf(type, filter.scope);
  const [category, setCategory] = useState(filter.category ?? '');
  const [page, setPage] = useState(1);
  const base = { ...(filter.scope ? { scope: filter.scope } : {}) };
  const params = { ...base, ...(category ? { category } : {}), sort: type === 'wiki-listing' ? 'title' : '-publishedAt', page, pageSize: LIST_PAGE_SIZE };
  const entries = useQuery({ ...collectionQueryOptions(listing.collection, params), placeholderData: keepPreviousData });
  const categories = useQuery({
    ...collectionQueryOptions(listing.categories ?? 'article-categories', { ...(listing.collection === 'articles' ? base : {}), pageSize: 100 }),
    enabled: Boolean(listing.categories) && !filter.category,
  });
  const total = entries.data?.meta.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / LIST_PAGE_SIZE));
  return (
    <SectionFrame {...props}>
      {categories.data && categories.data.data.length > 0 && (
        <p className={styles.chips} role="group" aria-label="Kategorie">
          {[{ slug: '', name: 'Alle' } as Entry, ...categories.data.data].map((c) => (
            <button key={c.slug} type="button" className={`${styles.chip} ${c.slug === category ? styles.chipActive : ''}`}
              aria-pressed={c.slug === category} onClick={() => { setCategory(c.slug ?? ''); setPage(1); }}>
              {c.name ?? c.title}
            </button>
          ))}
        </p>
      )}
      {!entries.data ? (
        <Loading failed={entries.isError} />
      ) : entries.data.data.length === 0 ? (
        <p className={styles.muted}>Hier gibt es gerade noch nichts zu lesen.</p>
      ) : (
        <ul className={styles.cards}>
          {entries.data.data.map((entry) => (
            <li key={entry.id} className={styles.card}>
              <h3 className={styles.cardTitle}><Link to={listing.href(entry)}>{entry.title ?? entry.name}</Link></h3>
              {typeof entry.season === 'string' && <p className={styles.muted}>{[entry.city, entry.season].filter(Boolean).join(' · ')}</p>}
              {typeof entry.teaser === 'string' && <p>{entry.teaser}</p>}
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav className={styles.paging} aria-label="Seiten">
          <button type="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>Zurück</button>
          <span>Seite {page} von {pages}</span>
          <button type="button" disabled={page >= pages} onClick={() => setPage(page + 1)}>Weiter</button>
        </nav>
      )}
    </SectionFrame>
  );
}

/** One article, event or wiki entry named by the section (`article`, `event`, `wiki`: its slug). */
export function EntryDetails(props: SectionProps) {
  const { section, type } = props;
  const collection: CollectionName = type === 'event-details' ? 'events' : type === 'wiki-details' ? 'wikis' : 'articles';
  const field = type === 'event-details' ? section.event : type === 'wiki-details' ? section.wiki : section.article;
  const slug = typeof field === 'string' ? field : (field as { slug?: string } | null)?.slug;
  const query = useQuery({ ...collectionQueryOptions(collection, { slug: slug ?? '' }), enabled: Boolean(slug) });
  const entry = query.data?.data[0];
  if (!slug || (query.data && !entry)) return null;
  return (
    <SectionFrame {...props} title={entry ? String(entry.title ?? entry.name ?? '') : null}>
      {!entry ? <Loading failed={query.isError} /> : (
        <>
          <ContentImage image={entry.image} className={styles.sideImage} />
          {typeof entry.teaser === 'string' && <p className={styles.subline}>{entry.teaser}</p>}
          <RichText text={entry.content} />
        </>
      )}
    </SectionFrame>
  );
}

/** Which seo-contents entry: the content system names it by id; the shipped data by slug (ids are assigned on load). */
export type SeoReference = { id?: number; slug?: string };

/** One SEO text (collection seo-contents), found by id or slug, drawn as a section under its title. */
export function SeoText({ reference, ...props }: SectionProps & { reference: SeoReference }) {
  const byId = useQuery({ ...entryQueryOptions('seo-contents', reference.id ?? 0), enabled: reference.id !== undefined });
  const bySlug = useQuery({ ...collectionQueryOptions('seo-contents', { slug: reference.slug }), enabled: reference.id === undefined && Boolean(reference.slug) });
  const entry = reference.id !== undefined ? byId.data : bySlug.data?.data[0];
  if (!entry) return null;
  return (
    <SectionFrame {...props} title={String(entry.title ?? '') || null} className={styles.seo}>
      <RichText text={entry.content} />
    </SectionFrame>
  );
}

/** The seo-content section: an SEO text named by its slug. */
export function SeoContent(props: SectionProps) {
  const slug = typeof props.section.seo_content === 'string' ? props.section.seo_content : '';
  return slug ? <SeoText {...props} reference={{ slug }} /> : null;
}

/** The start page's cards from the collection homepage-job-cards: icon, title, subline, button. */
export function HomepageJobCards(props: SectionProps) {
  const query = useQuery(collectionQueryOptions('homepage-job-cards', { pageSize: 12 }));
  return (
    <SectionFrame {...props}>
      {!query.data ? <Loading failed={query.isError} /> : (
        <ol className={styles.stepCards}>
          {query.data.data.map((card) => (
            <li key={card.id} className={styles.card}>
              <Icon name={typeof card.icon === 'string' ? card.icon : undefined} />
              <h3 className={styles.cardTitle}>{card.title}</h3>
              {typeof card.subline === 'string' && <p>{card.subline}</p>}
              <ContentButton button={card.button as { text?: string; btn_route?: string } | undefined} variant="text" />
            </li>
          ))}
        </ol>
      )}
    </SectionFrame>
  );
}
