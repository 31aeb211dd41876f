// Keeps document.title in step with client-side navigation. The server writes
// the first page's <title> into the HTML for search engines; this hook only
// updates it when the user moves on. Pattern from the spec: page title, then the
// product name. The form must be the server's (actors/content/seo.cpp,
// render_head), or the title changes under the reader when React takes over.
import { useEffect } from 'react';

export const SITE_NAME = 'Jobhafen';
export const DEFAULT_TITLE = `Promotionjobs, Messejobs und Eventjobs | ${SITE_NAME}`;

export function pageTitle(title?: string): string {
  return title ? `${title} | ${SITE_NAME}` : DEFAULT_TITLE;
}

export function usePageTitle(title?: string): void {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
