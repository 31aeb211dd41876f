// Error pages of the router (site-shell-and-providers.md, section 8).
// * RouteError: a page failed (an API error it threw, a broken chunk): the error page with the
//   status from the error (default 500) inside the layout, so header and footer stay.
// * LayoutError: the layout itself failed: go to /error.
// * ErrorRoute: /error, in the bare layout.
// * ErrorPageFailure: the error page itself failed: a plain text with a link home.
import { useEffect } from 'react';
import { isRouteErrorResponse, Navigate, useLocation, useRouteError } from 'react-router';
import { ErrorView } from '@/features/content/components/error-view';
import { ApiError } from '@/shared/api/client';
import { usePageTitle } from '@/shared/lib/page-title';
import styles from './message-page.module.css';

export type ErrorState = { status: number; message?: string };

export function errorState(error: unknown): ErrorState {
  if (error instanceof ApiError) {
    const body = error.body as { message?: string } | undefined;
    return { status: error.status, message: body?.message };
  }
  if (isRouteErrorResponse(error)) return { status: error.status, message: error.statusText };
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status === 'number') return { status, message: (error as Error).message };
  return { status: 500 };
}

export function RouteError({ audience = 'candidate' }: { audience?: 'candidate' | 'organization' }) {
  const error = useRouteError();
  useEffect(() => {
    if (errorState(error).status >= 500) console.error(error);
  }, [error]);
  const { status, message } = errorState(error);
  return <ErrorView status={status} message={message} audience={audience} />;
}

export function LayoutError() {
  const error = useRouteError();
  useEffect(() => console.error(error), [error]);
  return <Navigate to="/error" replace state={errorState(error)} />;
}

export function ErrorRoute() {
  const state = (useLocation().state ?? { status: 500 }) as ErrorState;
  return <ErrorView status={state.status} message={state.message} />;
}

export function ErrorPageFailure() {
  usePageTitle('Fehler');
  return (
    <div className={styles.page}>
      <h1>Beim Anzeigen der Fehlerseite ist ein Fehler aufgetreten</h1>
      <p>
        {/* A plain link (full page load) also recovers from a broken app state. */}
        <a href="/">Zur Startseite</a>
      </p>
    </div>
  );
}

/** No route matched: the 404 page. */
export function NotFoundRoute({ audience = 'candidate' }: { audience?: 'candidate' | 'organization' }) {
  return <ErrorView status={404} audience={audience} />;
}
