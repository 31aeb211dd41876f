// A discreet notice when the API is unhealthy or unreachable. Renders nothing
// while the check runs or when all is well, so healthy pages stay clean.
import { useHealth } from '../api/get-health';
import styles from './api-status.module.css';

export function ApiStatus() {
  const { isError } = useHealth();
  if (!isError) return null;
  return (
    <p className={styles.notice} role="status">
      Einige Funktionen von Jobhafen sind gerade gestört. Bitte versuch es in ein paar Minuten
      noch einmal.
    </p>
  );
}
