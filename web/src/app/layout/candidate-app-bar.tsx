// The candidate app bar: brand, main menu (desktop), search popover, and either "Anmelden" and
// "Für Arbeitgeber" (visitors) or favourites and the avatar menu (signed in); below 960 px a
// drawer holds the menu. Sign-in and sign-out go through query parameters (?login=1,
// ?logout=1), which the layout's dialogs handle.
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { ACCOUNT_PAGES } from '@/features/account/lib/account-pages';
import { JobSearchForm } from '@/features/jobs/components/job-search-form';
import { MainMenu } from '@/features/menus/components/main-menu';
import type { MenuItem, SocialLink } from '@/features/menus/lib/types';
import { useUser, type CandidateAccount } from '@/shared/auth/use-user';
import { Dropdown } from '@/shared/ui/dropdown';
import { AppBarFrame } from './app-bar-frame';
import { DrawerMenu, DrawerSocial } from './drawer-menu';
import styles from './app-bar.module.css';

// The avatar menu offers the most used account pages, named as the account navigation names them.
const AVATAR_MENU: readonly string[] = [
  '/mein-dashboard',
  '/meine-sedcard',
  '/meine-daten',
  '/meine-bewerbungen',
  '/meine-einsaetze',
  '/meine-arbeitszeitgrenzen',
  '/meine-favoriten',
  '/meine-job-alerts',
  '/meine-einstellungen',
];
export const ACCOUNT_LINKS = ACCOUNT_PAGES.filter((link) => AVATAR_MENU.includes(link.to));

function withParam(pathname: string, search: string, key: string) {
  const params = new URLSearchParams(search);
  params.set(key, '1');
  return `${pathname}?${params}`;
}

function initials(user: CandidateAccount) {
  const p = user.candidateProfile;
  return ((p?.firstName?.[0] ?? '') + (p?.lastName?.[0] ?? '')).toUpperCase() || user.email[0]?.toUpperCase() || '?';
}

function SearchPopover() {
  const [open, setOpen] = useState(false);
  const id = useId();
  const { pathname, search } = useLocation();
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => setOpen(false), [pathname, search]);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  return (
    <div ref={root}>
      <button type="button" className={styles.iconButton} aria-expanded={open} aria-controls={id} onClick={() => setOpen((v) => !v)}>
        <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round">
          <circle cx="10.5" cy="10.5" r="6.5" />
          <path d="M15.5 15.5 21 21" />
        </svg>
        <span className="visually-hidden">Jobsuche öffnen</span>
      </button>
      <div id={id} className={styles.popover} hidden={!open}>
        <div className={styles.popoverInner}>{open && <JobSearchForm dark />}</div>
      </div>
    </div>
  );
}

export function CandidateAppBar({ menu, social }: { menu: MenuItem[]; social: SocialLink[] }) {
  const { user } = useUser();
  const { pathname, search } = useLocation();

  return (
    <AppBarFrame
      brand={
        <Link className={styles.brand} to="/" aria-label="Jobhafen – zur Startseite">
          Job<span className={styles.brandAccent}>hafen</span>
        </Link>
      }
      menu={<MainMenu items={menu} audience="candidate" />}
      actions={
        <>
          <SearchPopover />
          {user ? (
            <>
              <Link className={styles.iconButton} to="/meine-favoriten" aria-label="Meine Favoriten">
                <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" fill="currentColor">
                  <path d="M12 21s-7.5-4.6-9.6-9.3C.9 8.2 3 4.5 6.6 4.5c2.1 0 3.6 1.2 4.4 2.5.8-1.3 2.3-2.5 4.4-2.5 3.6 0 5.7 3.7 4.2 7.2C19.5 16.4 12 21 12 21z" />
                </svg>
              </Link>
              <Dropdown label={<span aria-hidden="true">{initials(user)}</span>} ariaLabel={`${initials(user)}: Konto von ${user.candidateProfile?.firstName ?? user.email}`} buttonClassName={styles.action} align="end">
                {(close) => (
                  <ul className={styles.accountMenu}>
                    {ACCOUNT_LINKS.map((link) => (
                      <li key={link.to}>
                        <Link to={link.to} onClick={close} className={styles.accountLink}>
                          {link.label}
                        </Link>
                      </li>
                    ))}
                    <li>
                      <Link to={withParam(pathname, search, 'logout')} onClick={close} className={styles.accountLink}>
                        Abmelden
                      </Link>
                    </li>
                  </ul>
                )}
              </Dropdown>
            </>
          ) : (
            <>
              <Link className={`${styles.action} ${styles.desktopOnly}`} to="/recruiting">
                Für Arbeitgeber
              </Link>
              <Link className={`${styles.primary} ${styles.hideXs}`} to={withParam(pathname, search, 'login')}>
                Anmelden
              </Link>
            </>
          )}
        </>
      }
      drawer={(close) => (
        <>
          <DrawerMenu items={menu} audience="candidate" onNavigate={close} />
          <div className={styles.drawerSection}>
            {user ? (
              <ul className={styles.drawerList}>
                {ACCOUNT_LINKS.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to}>{link.label}</Link>
                  </li>
                ))}
                <li>
                  <Link to={withParam(pathname, search, 'logout')}>Abmelden</Link>
                </li>
              </ul>
            ) : (
              <>
                <Link className={styles.primary} to={withParam(pathname, search, 'login')} onClick={close}>
                  Anmelden
                </Link>
                <Link to="/recruiting">Zum Bereich für Arbeitgeber</Link>
              </>
            )}
          </div>
          <div className={styles.drawerSection}>
            <DrawerSocial links={social} />
          </div>
        </>
      )}
    />
  );
}
