// The four layouts (site-shell-and-providers.md, section 2): default (candidate app bar and
// footer), organization (everything under /recruiting), oauth (/oauth, /oauthError) and bare.
import { lazy, memo, Suspense, type ReactNode } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { consentStore } from '@/features/consent/lib/consent-store';
import { ApiStatus } from '@/features/health/components/api-status';
import { useMenus } from '@/features/menus/api/get-menus';
import { withExtras } from '@/features/menus/lib/extras';
import { useFeature, useSpecialOfferJobId } from '@/shared/lib/features';
import { SiteFooter } from '@/features/menus/components/site-footer';
import { useUser } from '@/shared/auth/use-user';
import { stopImpersonation } from '@/shared/lib/impersonation';
import { PageLoading } from '@/shared/ui/page-loading';
import { ServerPaintOr } from '@/shared/ui/server-paint';
import { CandidateAppBar } from './candidate-app-bar';
import { OrganizationAppBar } from './organization-app-bar';
import { CANDIDATE_DIALOG_PARAMS, ORGANIZATION_DIALOG_PARAMS } from './dialog-params';
import { Shell } from './shell';
import styles from './layout.module.css';

const CandidateQueryDialogs = lazy(() => import('./candidate-query-dialogs').then((m) => ({ default: m.CandidateQueryDialogs })));
const OrganizationQueryDialogs = lazy(() => import('./organization-query-dialogs').then((m) => ({ default: m.OrganizationQueryDialogs })));

/** The dialogs (and their code) only while the address asks for one of them. */
function WhenAsked({ params, children }: { params: readonly string[]; children: ReactNode }) {
  const { search } = useLocation();
  const asked = new URLSearchParams(search);
  return params.some((name) => asked.has(name)) ? <Suspense fallback={null}>{children}</Suspense> : null;
}

// Memoised: the layout draws again when the menus, the toggles or the signed-in account arrive,
// and a page still loading below would then be drawn inside that urgent update, in one long task.
// Left alone, the page comes in its own interruptible render once its code is there.
const Main = memo(function Main() {
  return (
    // tabIndex lets the skip link move keyboard focus into main.
    <main id="main" className={styles.main} tabIndex={-1}>
      <Suspense
        fallback={
          <ServerPaintOr>
            <PageLoading />
          </ServerPaintOr>
        }
      >
        <Outlet />
      </Suspense>
    </main>
  );
});

/** While an administrator acts as a candidate: whose account, and the way out. */
function ImpersonationBanner() {
  const { user } = useUser();
  if (!user?.impersonatorId) return null;
  const name = [user.candidateProfile?.firstName, user.candidateProfile?.lastName].filter(Boolean).join(' ') || user.email;
  return (
    <div className={styles.banner} role="alert">
      Achtung: Du handelst gerade als {name}.
      <a href="/" onClick={() => stopImpersonation()}>
        Beenden
      </a>
    </div>
  );
}

export function DefaultLayout() {
  const menus = useMenus();
  const extras = useFeature('extras_navigation');
  const specialOffer = useSpecialOfferJobId();
  const menu = extras ? withExtras(menus.candidate.menu, specialOffer) : menus.candidate.menu;
  return (
    <Shell>
      <ImpersonationBanner />
      <CandidateAppBar menu={menu} social={menus.candidate.social} />
      <ApiStatus />
      <Main />
      <SiteFooter columns={menus.candidate.footer} social={menus.candidate.social} audience="candidate" onCookieSettings={consentStore.reopen} />
      <WhenAsked params={CANDIDATE_DIALOG_PARAMS}>
        <CandidateQueryDialogs />
      </WhenAsked>
    </Shell>
  );
}

export function OrganizationLayout() {
  const menus = useMenus();
  return (
    <Shell>
      <OrganizationAppBar menu={menus.organization.menu} />
      <ApiStatus />
      <Main />
      <SiteFooter columns={menus.organization.footer} social={menus.organization.social} audience="organization" onCookieSettings={consentStore.reopen} />
      <WhenAsked params={ORGANIZATION_DIALOG_PARAMS}>
        <OrganizationQueryDialogs />
      </WhenAsked>
    </Shell>
  );
}

export function OauthLayout() {
  return (
    <Shell>
      <div className={styles.brandBar}>
        <Link to="/">Jobhafen</Link>
      </div>
      <main id="main" className={styles.bare} tabIndex={-1}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
    </Shell>
  );
}

export function BareLayout() {
  return (
    <main id="main" className={styles.bare} tabIndex={-1}>
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    </main>
  );
}
