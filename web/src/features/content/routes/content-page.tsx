// A page assembled by the content system: /{slug} for candidates, /recruiting/{slug} for
// organizations, and fixed slugs for the content-drawn routes (start page, landing pages with
// `city` / `activity`). A 404 from the content API is the not-found page; any other failure goes to
// the route's error page. Below the sections: the page's SEO texts when it shows them.
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useMemo, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { ApiError } from '@/shared/api/client';
import { usePageTitle } from '@/shared/lib/page-title';
import { PageLoading } from '@/shared/ui/page-loading';
import { pageQueryOptions, type ContentPage as Page } from '../api/content';
import { ContentSections, isActive, type SectionRenderers } from '../components/content-sections';
import { ErrorView } from '../components/error-view';
import { PageSeoTexts } from '../components/page-seo-texts';
import styles from './content.module.css';

type Props = {
  slug?: string;
  audience?: 'candidate' | 'organization';
  renderers?: SectionRenderers;
  /** The landing page's city / activity (the server fills the placeholders and the job sections). */
  city?: string;
  activity?: string;
  /** Shown instead of the not-found page when the content system has no such page. */
  fallback?: ReactNode;
  /** The page's own title when it is the start page (the browser title stays the site's name). */
  isHome?: boolean;
};

/**
 * A job-type page with a city (/promotionjobs/muenchen) uses the job type's content page: its
 * title gets " in {city}" as the page head does (actors/content), unless it names the city already.
 */
function withCity(page: Page, city: string | undefined): Page {
  const name = typeof page.city?.name === 'string' ? page.city.name : undefined;
  if (!city || !name) return page;
  const add = (title?: string | null) => (title && !title.includes(name) && !title.toUpperCase().includes(name.toUpperCase()) ? `${title} in ${name}` : title);
  const [first, ...rest] = page.sections;
  const hero = first && first.__component.includes('hero') ? { ...first, title: add(first.title) ?? undefined } : first;
  return { ...page, meta: page.meta ? { ...page.meta, title: add(page.meta.title) ?? undefined } : page.meta, sections: hero ? [hero, ...rest] : rest };
}

/** Whether any active section draws a heading of its own (then the first becomes the h1). */
function sectionsHaveHeading(page: Page): boolean {
  return page.sections.filter(isActive).some((s) => Boolean(s.title || s.base_data?.title) && !['divider', 'seo-content'].includes(s.__component));
}

export function ContentPage({ slug: fixedSlug, audience = 'candidate', renderers, city, activity, fallback, isHome }: Props) {
  const params = useParams();
  const slug = fixedSlug ?? params.slug ?? '';
  const context = { ...(city ? { city } : {}), ...(activity ? { activity } : {}) };
  // Only the fields read here subscribe this page to the query (TanStack Query tracks them): a
  // background refetch of an unchanged page then draws nothing again. A changed answer arrives as
  // a store update, which React draws at once in one long task; the sections are drawn from a
  // deferred copy instead (in slices), and kept as they are while that copy stays the same.
  const query = useQuery({ ...pageQueryOptions(slug, context), retry: false });
  const data = useDeferredValue(query.data);
  const page = useMemo(() => data && withCity(data, city), [data, city]);
  usePageTitle(isHome ? undefined : (page?.meta?.title ?? page?.InternalTitle ?? page?.title));
  const body = useMemo(() => {
    if (!page) return null;
    const hasHeading = sectionsHaveHeading(page);
    return (
      <article className={styles.page} data-content-page={slug}>
        {!hasHeading && <h1 className={styles.title}>{page.meta?.title ?? page.InternalTitle ?? page.title}</h1>}
        <ContentSections sections={page.sections} renderers={renderers} firstHeadingLevel={hasHeading ? 1 : 2} audience={audience} />
        <PageSeoTexts page={page} audience={audience} />
      </article>
    );
  }, [page, slug, renderers, audience]);

  if (query.isPending) return <PageLoading />;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) return fallback ?? <ErrorView status={404} audience={audience} />;
    throw query.error;
  }
  return body ?? <PageLoading />;
}
