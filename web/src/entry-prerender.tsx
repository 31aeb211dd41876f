// Build-time entry (vite build --ssr, run by scripts/prerender.mjs): draws one public page of the app
// to HTML with the page data it is given, so the server can send the page's main content before any
// script runs. The browser then takes the page over with hydrateRoot (main.tsx); both render the
// same tree from the same route table and the same query data.
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { renderToStaticMarkup } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, MemoryRouter, StaticRouterProvider } from 'react-router';
import { AppProvider } from './app/provider';
import { createQueryClient } from './app/query-client';
import { routes } from './app/router';
import { CookieBanner, STATIC_BANNER_ID, type BannerAudience } from './features/consent/components/cookie-banner';
import { contentKeys, type ContentPage } from './features/content/api/content';
import { startFromHtml } from './shared/lib/hydration';

/** The HTML of the app at `path` (the inside of <div id="root">) drawing the content page `slug`. */
export async function renderContentPage(path: string, slug: string, page: ContentPage): Promise<string> {
  startFromHtml();
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://prerender.invalid')));
  if (context instanceof Response) throw new Error(`${path}: the route table answers a redirect`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const client = createQueryClient();
  client.setQueryData(contentKeys.page(slug), page);
  const { prelude } = await prerender(
    <StrictMode>
      <AppProvider client={client}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProvider>
    </StrictMode>,
    // One piece: React would move a large boundary's content behind an inline script, which the
    // site's Content-Security-Policy (script-src 'self') and a visitor without JavaScript refuse.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return new Response(prelude).text();
}

/**
 * The cookie banner as the app draws it, for the HTML of a first visit (the server puts it before
 * </body> when the request has no consent cookie): the banner is the largest thing a first
 * visitor sees on a job page, so it must not wait for the script. The app removes this copy when
 * its own banner shows (features/consent/components/cookie-banner.tsx).
 */
export function renderConsentBanner(audience: BannerAudience = 'candidate'): string {
  const banner = renderToStaticMarkup(
    <MemoryRouter>
      <CookieBanner drawn audience={audience} />
    </MemoryRouter>,
  );
  return `<div id="${STATIC_BANNER_ID}">${banner}</div>`;
}
