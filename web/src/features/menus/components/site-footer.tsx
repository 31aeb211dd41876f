// The footer of both layouts: its columns (open on desktop, collapsed on phones — <details> keeps
// them usable by keyboard and without script), social links, the forum link and, in the last
// column, "Cookie-Einstellungen", which reopens the consent banner.
import { useEffect, useState } from 'react';
import { BREAKPOINTS } from '@/shared/lib/use-window-width';
import { SOCIAL_LINKS } from '../lib/menu-data';
import type { FooterColumn } from '../lib/types';
import type { Audience } from '../lib/visible-count';
import { MenuLink } from './menu-link';
import styles from './site-footer.module.css';

type Props = { columns: FooterColumn[]; audience: Audience; onCookieSettings: () => void };

function useIsDesktop(): boolean {
  const query = `(min-width: ${BREAKPOINTS.sm}px)`;
  const [desktop, setDesktop] = useState(() => window.matchMedia?.(query).matches ?? true);
  useEffect(() => {
    const list = window.matchMedia?.(query);
    if (!list) return;
    const onChange = () => setDesktop(list.matches);
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  }, [query]);
  return desktop;
}

export function SiteFooter({ columns, audience, onCookieSettings }: Props) {
  const desktop = useIsDesktop();
  return (
    <footer className={styles.footer}>
      <div className={styles.columns}>
        {columns.map((column, index) => {
          const last = index === columns.length - 1;
          return (
            // `key` with `desktop` re-creates the panels when the width class changes, so they
            // follow the default (open/closed) of the new width.
            <details key={`${column.title}-${desktop}`} className={styles.column} open={desktop}>
              <summary className={styles.summary}>{column.title}</summary>
              <ul className={styles.list}>
                {column.entries.map((entry, entryIndex) => (
                  <li key={entryIndex}>
                    <MenuLink entry={entry} audience={audience} className={styles.link} />
                  </li>
                ))}
                {last && (
                  <li>
                    <button type="button" className={styles.linkButton} onClick={onCookieSettings}>
                      Cookie-Einstellungen
                    </button>
                  </li>
                )}
              </ul>
            </details>
          );
        })}
      </div>
      <div className={styles.bottom}>
        <ul className={styles.social} aria-label="Jobhafen in sozialen Netzwerken">
          {SOCIAL_LINKS.map((link) => (
            <li key={link.label}>
              <a href={link.href} target="_blank" rel="noopener noreferrer" className={styles.link}>
                {link.label}
              </a>
            </li>
          ))}
        </ul>
        <p className={styles.copyright}>
          © {new Date().getFullYear()} Jobhafen · Ortsdaten: GeoNames (CC BY 4.0)
        </p>
      </div>
    </footer>
  );
}
