// Legal links and the GeoNames credit that the CC BY 4.0 licence of our place
// data requires.
import { Link } from 'react-router';
import styles from './site-footer.module.css';

export function SiteFooter() {
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <nav aria-label="Rechtliches">
          <ul className={styles.links}>
            <li>
              <Link to="/impressum">Impressum</Link>
            </li>
            <li>
              <Link to="/datenschutz">Datenschutz</Link>
            </li>
            <li>
              <Link to="/agb-nutzungsbedingungen">AGB</Link>
            </li>
          </ul>
        </nav>
        <p className={styles.small}>
          Ortsdaten: <a href="https://www.geonames.org/">GeoNames</a> (
          <a href="https://creativecommons.org/licenses/by/4.0/deed.de">CC BY 4.0</a>)
        </p>
        <p className={styles.small}>© {new Date().getFullYear()} Jobhafen</p>
      </div>
    </footer>
  );
}
