// Shown by the router when a page throws while rendering or its code fails to
// load. The details go to the console for developers; the visitor gets a way on.
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { usePageTitle } from '@/shared/lib/page-title';
import styles from './message-page.module.css';

export function ErrorPage() {
  const error = useRouteError();
  usePageTitle('Fehler');
  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <div className={styles.page}>
      <h1>Da ist etwas schiefgelaufen</h1>
      <p>Bitte lade die Seite neu oder versuch es in ein paar Minuten noch einmal.</p>
      <p>
        {/* A plain link (full page load) also recovers from a broken app state. */}
        <a href="/">Zur Startseite</a>
      </p>
    </div>
  );
}
