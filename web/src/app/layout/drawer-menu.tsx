// The menu items inside the mobile drawer: every item with its children, as plain lists.
import { MenuLink } from '@/features/menus/components/menu-link';
import type { MenuItem, SocialLink } from '@/features/menus/lib/types';
import type { Audience } from '@/features/menus/lib/visible-count';
import { SocialLinks } from '@/features/menus/components/social-links';
import styles from './app-bar.module.css';

export function DrawerMenu({ items, audience, onNavigate }: { items: MenuItem[]; audience: Audience; onNavigate: () => void }) {
  return (
    <nav aria-label="Menü">
      <ul className={styles.drawerList}>
        {items.map((item, index) => (
          <li key={index}>
            <MenuLink entry={item.main} audience={audience} onNavigate={onNavigate} />
            {item.children && item.children.length > 0 && (
              <ul>
                {item.children.map((child, i) => (
                  <li key={i}>
                    <MenuLink entry={child} audience={audience} onNavigate={onNavigate} />
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function DrawerSocial({ links }: { links: SocialLink[] }) {
  return <SocialLinks links={links} className={styles.social} />;
}
