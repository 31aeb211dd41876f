// The cookie consent banner. Both choices are buttons of the same size side by side, so
// refusing is as easy as accepting. It is a non-modal region at the bottom: the page stays
// usable, and keyboard users reach it via its heading.
import { useId } from 'react';
import { Link } from 'react-router';
import { consentStore, useConsent } from '../lib/consent-store';
import styles from './cookie-banner.module.css';

export function CookieBanner() {
  const { bannerOpen } = useConsent();
  const headingId = useId();
  if (!bannerOpen) return null;
  return (
    <section className={styles.banner} aria-labelledby={headingId}>
      <div className={styles.inner}>
        <h2 id={headingId} className={styles.heading}>
          Cookies und Datenschutz
        </h2>
        <p className={styles.text}>
          Wir verwenden technisch notwendige Cookies, damit Jobhafen funktioniert. Mit deiner
          Zustimmung nutzen wir außerdem Cookies für Statistik und Werbung. Du kannst deine Wahl
          jederzeit über „Cookie-Einstellungen“ im Seitenfuß ändern. Mehr dazu in der{' '}
          <Link to="/datenschutz">Datenschutzerklärung</Link>.
        </p>
        <div className={styles.buttons}>
          <button type="button" className={styles.button} onClick={() => consentStore.choose('required')}>
            Nur notwendige
          </button>
          <button type="button" className={styles.button} onClick={() => consentStore.choose('all')}>
            Alle akzeptieren
          </button>
        </div>
      </div>
    </section>
  );
}
