// The frame both app bars (candidate and organization) share: the bar with its brand, the main menu
// from 960 px, the actions and the burger button that opens the drawer below 960 px. The drawer
// closes when the page changes; `drawer` gets the function that closes it, for links inside it.
import { useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Drawer } from '@/shared/ui/drawer';
import styles from './app-bar.module.css';

type Props = { brand: ReactNode; menu: ReactNode; actions: ReactNode; drawer: (close: () => void) => ReactNode };

export function AppBarFrame({ brand, menu, actions, drawer }: Props) {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  useEffect(() => setOpen(false), [pathname]);
  const close = () => setOpen(false);
  return (
    <header className={styles.bar}>
      <div className={styles.inner}>
        {brand}
        <div className={`${styles.menu} ${styles.desktopOnly}`}>{menu}</div>
        <div className={styles.actions}>
          {actions}
          <button type="button" className={`${styles.burger} ${styles.mobileOnly}`} aria-label="Menü öffnen" aria-expanded={open} onClick={() => setOpen(true)}>
            ☰
          </button>
        </div>
      </div>
      <Drawer open={open} onClose={close} label="Menü">
        {drawer(close)}
      </Drawer>
    </header>
  );
}
