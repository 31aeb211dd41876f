// The organization app bar (/recruiting): brand, main menu, the login link to the provider portal
// (the built-in one, or an external portal when configured), "Kostenlos registrieren" (?registration=1, the register-with-job-posting
// dialog) and "Angebot anfragen" (?generalContact=1&topic=project_request, the offer question
// dialog); below 960 px a drawer. Organizations are addressed with "Sie". A signed-in member sees
// the organization's name leading to the portal instead of "Login" and "Kostenlos registrieren"
// (the member is asked for in the portal; elsewhere under /recruiting the portal's answer is used
// when there is one, so a visitor's page makes no extra request).
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { memberQueryOptions } from '@/shared/portal/member';
import { PORTAL } from '@/shared/portal/paths';
import { MainMenu } from '@/features/menus/components/main-menu';
import type { MenuItem } from '@/features/menus/lib/types';
import { config } from '@/shared/lib/config';
import { AppBarFrame } from './app-bar-frame';
import { DrawerMenu } from './drawer-menu';
import styles from './app-bar.module.css';

/** The built-in portal is a page of this app (no reload); an external portal is a plain link. */
function PortalLink({ className, children }: { className?: string; children: ReactNode }) {
  const target = config.organizationPortalUrl;
  return target.startsWith('/') && !target.startsWith('//') ? (
    <Link className={className} to={target}>
      {children}
    </Link>
  ) : (
    <a className={className} href={target}>
      {children}
    </a>
  );
}

/** The content menu's "Login" entry leads where the bar's login does (the configured portal). */
const loginToPortal = (item: MenuItem): MenuItem =>
  item.main.text === 'Login' && item.main.href ? { ...item, main: { ...item.main, href: config.organizationPortalUrl, target: undefined } } : item;

export function OrganizationAppBar({ menu: contentMenu }: { menu: MenuItem[] }) {
  const menu = contentMenu.map(loginToPortal);
  const { pathname } = useLocation();
  const inPortal = pathname === PORTAL || pathname.startsWith(`${PORTAL}/`);
  const answer = useQuery({ ...memberQueryOptions(), enabled: inPortal }).data;
  const member = answer?.kind === 'member' ? answer.member : null;
  const isRegistration = (item: MenuItem) => item.main.type === 'dialog' && item.main.scheme === 'yellow';
  // Signed in, "Login" and the registration are no offer any more.
  const drawerMenu = member ? menu.filter((item) => !isRegistration(item) && item.main.text !== 'Login') : menu;
  const menuWithoutDialogs = drawerMenu.filter((item) => !isRegistration(item));

  return (
    <AppBarFrame
      brand={
        <Link className={styles.brand} to="/recruiting" aria-label="Jobhafen für Arbeitgeber – zur Startseite">
          Job<span className={styles.brandAccent}>hafen</span>
          <span className={`${styles.brandSub} ${styles.wideOnly}`}>für Arbeitgeber</span>
        </Link>
      }
      menu={<MainMenu items={menuWithoutDialogs} audience="organization" />}
      actions={
        <>
          <Link className={`${styles.action} ${styles.desktopOnly} ${styles.largeOnly}`} to={`${pathname}?generalContact=1&topic=project_request`}>
            Angebot anfragen
          </Link>
          {member ? (
            <Link className={`${styles.action} ${styles.hideXs}`} to={PORTAL} aria-label={`Angemeldet als ${member.organization.name} – zum Portal`}>
              {member.organization.name}
            </Link>
          ) : (
            <>
              <PortalLink className={`${styles.action} ${styles.hideXs}`}>Login</PortalLink>
              <Link className={`${styles.primary} ${styles.desktopOnly}`} to={`${pathname}?registration=1`}>
                Kostenlos registrieren
              </Link>
            </>
          )}
        </>
      }
      drawer={(close) => (
        <>
          <DrawerMenu items={drawerMenu} audience="organization" onNavigate={close} />
          <div className={styles.drawerSection}>
            {member ? (
              <Link className={styles.primary} to={PORTAL}>
                Zum Portal ({member.organization.name})
              </Link>
            ) : (
              <PortalLink className={styles.primary}>Login für Arbeitgeber</PortalLink>
            )}
            <Link to={`${pathname}?generalContact=1&topic=project_request`} onClick={close}>
              Angebot anfragen
            </Link>
            <Link to="/">Zum Bereich für Jobsuchende</Link>
          </div>
        </>
      )}
    />
  );
}
