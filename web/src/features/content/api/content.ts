// The content API (`/api/content/...`): pages by slug, collections (articles, events, wikis,
// cities, activities, ...) and single entries. Keys are built here, one place for the feature.
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/shared/api/client';

export type Button = { text?: string; btn_route?: string };

/** A section of a content page: `__component` names its type (docs/content.md lists every type's fields). */
export type Section = {
  __component: string;
  active?: boolean;
  base_data?: { title?: string | null; intro_text?: string | null; finish_text?: string | null; active?: boolean } | null;
  /** The id the section gets in the page, for links such as #vorteile. */
  anchor?: string;
  title?: string;
  subline?: string;
  content?: string;
  image?: string | { url?: string; alternativeText?: string } | null;
  cards?: Card[];
  button?: Button | null;
  [field: string]: unknown;
};

export type Card = {
  title?: string;
  subline?: string;
  content?: string;
  button?: Button | null;
};

export type ContentPage = {
  id: number;
  slug: string;
  title?: string;
  InternalTitle?: string;
  scope?: string;
  meta?: { title?: string; description?: string; image?: string } | null;
  /** Whether the page draws the SEO texts of its own, its activity's and its city's seo_content_config. */
  show_seo_content?: boolean;
  seo_content_config?: SeoContentConfig | null;
  city?: Entry | null;
  activity?: Entry | null;
  sections: Section[];
};

/** The SEO texts a page, activity or city names: seo-contents entries by id (or, in the shipped data, by slug). */
export type SeoContentConfig = { seo_contents?: { id?: number; slug?: string }[] };

export type Entry = {
  id: number;
  slug?: string;
  title?: string;
  name?: string;
  description?: string;
  content?: string;
  intro_text?: string;
  [field: string]: unknown;
};

export type Collection<T = Entry> = { data: T[]; meta: { page: number; pageSize: number; total: number } };

export type CollectionName =
  | 'activities'
  | 'articles'
  | 'article-categories'
  | 'article-tags'
  | 'cities'
  | 'events'
  | 'event-categories'
  | 'pages'
  | 'wikis'
  | 'seo-contents'
  | 'homepage-teaser-jobs'
  | 'homepage-job-cards';

type Params = Record<string, string | number | undefined>;

export const contentKeys = {
  all: ['content'] as const,
  page: (slug: string, context: Params = {}) => [...contentKeys.all, 'page', slug, context] as const,
  collection: (name: CollectionName, params: Params = {}) => [...contentKeys.all, name, 'list', params] as const,
  entry: (name: CollectionName, id: number | string) => [...contentKeys.all, name, 'entry', id] as const,
};

const CONTENT_STALE_MS = 4 * 60 * 60 * 1000; // the spec's content cache: 4 h

export const pageQueryOptions = (slug: string, context: { city?: string; activity?: string } = {}) =>
  queryOptions({
    queryKey: contentKeys.page(slug, context),
    queryFn: ({ signal }) =>
      api.get<ContentPage>(`/content/pages/by-slug/${encodeURIComponent(slug)}`, { query: context, signal }),
    staleTime: CONTENT_STALE_MS,
  });

export const collectionQueryOptions = <T = Entry>(name: CollectionName, params: Params = {}) =>
  queryOptions({
    queryKey: contentKeys.collection(name, params),
    queryFn: ({ signal }) => api.get<Collection<T>>(`/content/${name}`, { query: params, signal }),
    staleTime: CONTENT_STALE_MS,
  });

export const entryQueryOptions = (name: CollectionName, id: number | string) =>
  queryOptions({
    queryKey: contentKeys.entry(name, id),
    queryFn: ({ signal }) => api.get<Entry>(`/content/${name}/${encodeURIComponent(String(id))}`, { signal }),
    staleTime: CONTENT_STALE_MS,
  });
