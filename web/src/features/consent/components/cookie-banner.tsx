// The cookie consent banner. Both choices are buttons of the same size side by side, so
// refusing is as easy as accepting. It is a non-modal region at the bottom: the page stays
// usable, and keyboard users reach it via its heading. Candidates read "du", providers (every page
// under /recruiting) "Sie", like the rest of their pages.
import { useId, useLayoutEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { consentStore, useConsent } from '../lib/consent-store';
import { STATIC_BANNER_ID } from '../lib/early-banner-clicks';
import styles from './cookie-banner.module.css';

/** The banner the server put into a first visit's HTML (scripts/prerender.mjs draws it from this component). */
export { STATIC_BANNER_ID };

export type BannerAudience = 'candidate' | 'organization';

/** Pages under /recruiting are the providers' (the organization layout). */
export const audienceOfPath = (pathname: string): BannerAudience =>
  pathname === '/recruiting' || pathname.startsWith('/recruiting/') ? 'organization' : 'candidate';

/** `drawn`: the build's drawing of the banner (open, whatever the visitor chose) for `audience`. */
export function CookieBanner({ drawn = false, audience }: { drawn?: boolean; audience?: BannerAudience }) {
  const consent = useConsent();
  const { pathname } = useLocation();
  const formal = (audience ?? audienceOfPath(pathname)) === 'organization';
  const bannerOpen = drawn || consent.bannerOpen;
  const headingId = useId();
  // The server's copy of the banner goes once this one shows, or once it is clear that the
  // visitor has chosen (the server only knows that there is no consent cookie at all). A layout
  // effect, so the two never show at once: it runs in the same task as React's commit.
  useLayoutEffect(() => {
    if (!drawn && (bannerOpen || !consentStore.pending())) document.getElementById(STATIC_BANNER_ID)?.remove();
  }, [drawn, bannerOpen]);
  if (!bannerOpen) return null;
  return (
    <section className={styles.banner} aria-labelledby={headingId}>
      <div className={styles.inner}>
        <h2 id={headingId} className={styles.heading}>
          Cookies und Datenschutz
        </h2>
        <p className={styles.text}>
          Wir verwenden technisch notwendige Cookies, damit Jobhafen funktioniert.{' '}
          {formal
            ? 'Mit Ihrer Zustimmung nutzen wir außerdem Cookies für Statistik und Werbung. Sie können Ihre Wahl jederzeit über „Cookie-Einstellungen“ im Seitenfuß ändern.'
            : 'Mit deiner Zustimmung nutzen wir außerdem Cookies für Statistik und Werbung. Du kannst deine Wahl jederzeit über „Cookie-Einstellungen“ im Seitenfuß ändern.'}{' '}
          Mehr dazu in der{' '}
          <Link to="/datenschutz">Datenschutzerklärung</Link>.
        </p>
        <div className={styles.buttons}>
          <button
            type="button"
            className={styles.button}
            data-consent-choice="required"
            onClick={() => consentStore.choose('required')}
          >
            Nur notwendige
          </button>
          <button
            type="button"
            className={styles.button}
            data-consent-choice="all"
            onClick={() => consentStore.choose('all')}
          >
            Alle akzeptieren
          </button>
        </div>
      </div>
    </section>
  );
}
