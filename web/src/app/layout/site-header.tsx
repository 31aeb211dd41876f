import { Link, NavLink } from 'react-router';
import styles from './site-header.module.css';

export function SiteHeader() {
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Link className={styles.brand} to="/">
          Job<span className={styles.brandAccent}>hafen</span>
        </Link>
        <nav aria-label="Hauptnavigation">
          <ul className={styles.nav}>
            <li>
              <NavLink className={styles.navLink} to="/jobs" end>
                Alle Jobs
              </NavLink>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
