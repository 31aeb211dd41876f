// What every layout has around its app bar and page: skip link, loading bar, notifications,
// offline alert, cookie banner, scripts that need consent, and the shared effects.
import type { ReactNode } from 'react';
import { ScrollRestoration } from 'react-router';
import { CookieBanner } from '@/features/consent/components/cookie-banner';
import { OptionalScripts } from '@/features/consent/components/optional-scripts';
import { LoadingBar } from '@/shared/ui/loading-bar';
import { Notifications } from '@/shared/ui/notifications';
import { OfflineAlert } from '@/shared/ui/offline-alert';
import { ShellEffects } from './shell-effects';
import styles from './layout.module.css';

export function Shell({ children }: { children: ReactNode }) {
  return (
    <div className={styles.shell}>
      <a className={styles.skipLink} href="#main">
        Zum Inhalt springen
      </a>
      <LoadingBar />
      {children}
      <Notifications />
      <OfflineAlert />
      <CookieBanner />
      <OptionalScripts />
      <ShellEffects />
      <ScrollRestoration />
    </div>
  );
}
