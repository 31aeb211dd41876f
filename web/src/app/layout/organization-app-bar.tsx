// The organization app bar (/recruiting): brand, main menu, the external login link to the job
// management portal, "Kostenlos registrieren" (?registration=1, the register-with-job-posting
// dialog) and "Angebot anfragen" (?generalContact=1&topic=project_request, the offer question
// dialog); below 960 px a drawer. Organizations are addressed with "Sie".
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { MainMenu } from '@/features/menus/components/main-menu';
import type { MenuItem } from '@/features/menus/lib/types';
import { config } from '@/shared/lib/config';
import { Drawer } from '@/shared/ui/drawer';
import { DrawerMenu } from './drawer-menu';
import styles from './app-bar.module.css';

export function OrganizationAppBar({ menu }: { menu: MenuItem[] }) {
  const { pathname } = useLocation();
  const [drawer, setDrawer] = useState(false);
  useEffect(() => setDrawer(false), [pathname]);
  const menuWithoutDialogs = menu.filter((item) => item.main.type !== 'dialog' || item.main.scheme !== 'yellow');

  return (
    <header className={styles.bar}>
      <div className={styles.inner}>
        <Link className={styles.brand} to="/recruiting" aria-label="Jobhafen für Arbeitgeber – zur Startseite">
          Job<span className={styles.brandAccent}>hafen</span>
          <span className={`${styles.brandSub} ${styles.wideOnly}`}>für Arbeitgeber</span>
        </Link>
        <div className={`${styles.menu} ${styles.desktopOnly}`}>
          <MainMenu items={menuWithoutDialogs} audience="organization" />
        </div>
        <div className={styles.actions}>
          <Link className={`${styles.action} ${styles.desktopOnly} ${styles.largeOnly}`} to={`${pathname}?generalContact=1&topic=project_request`}>
            Angebot anfragen
          </Link>
          <a className={`${styles.action} ${styles.hideXs}`} href={config.organizationPortalUrl}>
            Login
          </a>
          <Link className={`${styles.primary} ${styles.desktopOnly}`} to={`${pathname}?registration=1`}>
            Kostenlos registrieren
          </Link>
          <button type="button" className={`${styles.burger} ${styles.mobileOnly}`} aria-label="Menü öffnen" aria-expanded={drawer} onClick={() => setDrawer(true)}>
            ☰
          </button>
        </div>
      </div>
      <Drawer open={drawer} onClose={() => setDrawer(false)} label="Menü">
        <DrawerMenu items={menu} audience="organization" onNavigate={() => setDrawer(false)} />
        <div className={styles.drawerSection}>
          <a className={styles.primary} href={config.organizationPortalUrl}>
            Login für Arbeitgeber
          </a>
          <Link to={`${pathname}?generalContact=1&topic=project_request`} onClick={() => setDrawer(false)}>
            Angebot anfragen
          </Link>
          <Link to="/">Zum Bereich für Jobsuchende</Link>
        </div>
      </Drawer>
    </header>
  );
}
