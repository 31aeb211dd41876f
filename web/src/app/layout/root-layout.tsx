// The candidate shell around every page: skip link, header, API notice, the
// page itself, footer.
import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { ApiStatus } from '@/features/health/components/api-status';
import { PageLoading } from '@/shared/ui/page-loading';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import styles from './root-layout.module.css';

export function RootLayout() {
  return (
    <div className={styles.shell}>
      <a className={styles.skipLink} href="#main">
        Zum Inhalt springen
      </a>
      <SiteHeader />
      <ApiStatus />
      {/* tabIndex lets the skip link move keyboard focus into main. */}
      <main id="main" className={styles.main} tabIndex={-1}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
      <ScrollRestoration />
    </div>
  );
}
