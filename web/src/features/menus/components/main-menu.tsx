// The main menu of the app bar: as many items as the window width allows (../lib/visible-count.ts,
// re-counted 200 ms after resizing stops), the rest under "Mehr". Items with children open a
// dropdown.
import { Dropdown } from '@/shared/ui/dropdown';
import { useWindowWidth } from '@/shared/lib/use-window-width';
import { splitMenu, visibleMenuCount, type Audience } from '../lib/visible-count';
import type { MenuItem } from '../lib/types';
import { MenuLink } from './menu-link';
import styles from './main-menu.module.css';

type Props = { items: MenuItem[]; audience: Audience };

function SubList({ entries, audience, close }: { entries: MenuItem['children']; audience: Audience; close: () => void }) {
  return (
    <ul className={styles.subList}>
      {(entries ?? []).map((entry, index) => (
        <li key={index} className={entry.type === 'middle' ? styles.subHeading : undefined}>
          <MenuLink entry={entry} audience={audience} className={styles.subLink} onNavigate={close} />
        </li>
      ))}
    </ul>
  );
}

export function MainMenu({ items, audience }: Props) {
  const width = useWindowWidth();
  const { shown, more } = splitMenu(items, visibleMenuCount(audience, width));

  return (
    <nav className={styles.nav} aria-label="Hauptmenü">
      <ul className={styles.list}>
        {shown.map((item, index) => (
          <li key={index} data-menu-item="">
            {item.children && item.children.length > 0 ? (
              <Dropdown label={item.main.text} buttonClassName={styles.link}>
                {(close) => (
                  <>
                    {resolvesSomewhere(item) && (
                      <MenuLink entry={{ ...item.main, text: `${item.main.text}: Übersicht` }} audience={audience} className={styles.subLink} onNavigate={close} />
                    )}
                    <SubList entries={item.children} audience={audience} close={close} />
                  </>
                )}
              </Dropdown>
            ) : (
              <MenuLink entry={item.main} audience={audience} className={`${styles.link} ${item.main.scheme === 'yellow' ? styles.yellow : ''}`} />
            )}
          </li>
        ))}
        {more.length > 0 && (
          <li data-menu-more="">
            <Dropdown label="Mehr" buttonClassName={styles.link} align="end">
              {(close) => (
                <ul className={styles.subList}>
                  {more.map((item, index) => (
                    <li key={index}>
                      <MenuLink entry={item.main} audience={audience} className={styles.subLink} onNavigate={close} />
                      {item.children && item.children.length > 0 && <SubList entries={item.children} audience={audience} close={close} />}
                    </li>
                  ))}
                </ul>
              )}
            </Dropdown>
          </li>
        )}
      </ul>
    </nav>
  );
}

function resolvesSomewhere(item: MenuItem): boolean {
  const main = item.main;
  return Boolean(main.route || main.page || main.article || main.activity || main.city || main.href);
}
