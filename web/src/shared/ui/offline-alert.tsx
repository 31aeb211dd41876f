// The spec's "offline alert": a warning while the browser has no connection.
import { useSyncExternalStore } from 'react';
import styles from './offline-alert.module.css';

function subscribe(listener: () => void) {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

export function OfflineAlert() {
  const online = useSyncExternalStore(subscribe, () => navigator.onLine, () => true);
  if (online) return null;
  return (
    <div className={styles.alert} role="alert">
      Du bist offline. Bitte prüfe deine Internetverbindung – sobald sie wieder steht, geht es weiter.
    </div>
  );
}
