// A page assembled by the content system: /{slug} for candidates, /recruiting/{slug} for
// organizations, and fixed slugs for the content-only routes. A 404 from the content API is the
// not-found page; any other failure goes to the route's error page.
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { ApiError } from '@/shared/api/client';
import { usePageTitle } from '@/shared/lib/page-title';
import { PageLoading } from '@/shared/ui/page-loading';
import { pageQueryOptions } from '../api/content';
import { ContentSections, type SectionRenderers } from '../components/content-sections';
import { ErrorView } from '../components/error-view';
import styles from './content.module.css';

type Props = {
  slug?: string;
  audience?: 'candidate' | 'organization';
  renderers?: SectionRenderers;
  /** Shown instead of the not-found page when the content system has no such page. */
  fallback?: ReactNode;
};

export function ContentPage({ slug: fixedSlug, audience = 'candidate', renderers, fallback }: Props) {
  const params = useParams();
  const slug = fixedSlug ?? params.slug ?? '';
  const page = useQuery({ ...pageQueryOptions(slug), retry: false });
  usePageTitle(page.data?.meta?.title ?? page.data?.title);

  if (page.isPending) return <PageLoading />;
  if (page.isError) {
    if (page.error instanceof ApiError && page.error.status === 404) return fallback ?? <ErrorView status={404} audience={audience} />;
    throw page.error;
  }
  const hasHeading = page.data.sections.some((s) => s.__component.includes('hero'));
  return (
    <article className={styles.page}>
      {!hasHeading && <h1 className={styles.title}>{page.data.title}</h1>}
      <ContentSections sections={page.data.sections} renderers={renderers} firstHeadingLevel={hasHeading ? 1 : 2} />
    </article>
  );
}
