// Shown while a lazily loaded page's code arrives. The text fades in only after
// a short delay (CSS), so fast loads don't flash it.
import styles from './page-loading.module.css';

export function PageLoading() {
  return (
    <p className={styles.loading} role="status">
      Seite wird geladen …
    </p>
  );
}
