// Content pages with the sections other features draw (job boxes and listings, organization
// lists; see content-feature-sections.tsx). The content feature renders everything else itself.
import type { ComponentProps } from 'react';
import { ErrorView } from '@/features/content/components/error-view';
import { ContentPage } from '@/features/content/routes/content-page';
import { FEATURE_SECTIONS } from './content-feature-sections';

export { FEATURE_SECTIONS };

export function ComposedContentPage(props: Omit<ComponentProps<typeof ContentPage>, 'renderers'>) {
  return <ContentPage {...props} renderers={FEATURE_SECTIONS} />;
}

/** An error page whose content page may hold job sections (the inactive-job page does). */
export function ComposedErrorView(props: Omit<ComponentProps<typeof ErrorView>, 'renderers'>) {
  return <ErrorView {...props} renderers={FEATURE_SECTIONS} />;
}
