// The password rules shown while the user types (passwordChecks of the validation module): each
// rule ticks off as soon as it is met. A polite live region reads the state to screen readers.
import { passwordChecks } from '@/shared/validation';
import styles from './password-checklist.module.css';

export function PasswordChecklist({ password, id }: { password: string; id?: string }) {
  return (
    <ul id={id} className={styles.list} aria-live="polite" aria-label="Anforderungen an das Passwort">
      {passwordChecks(password).map((check) => (
        <li key={check.label} className={check.met ? styles.met : styles.open}>
          <span aria-hidden="true">{check.met ? '✓' : '○'}</span> {check.label}
          <span className={styles.sr}>{check.met ? ' (erfüllt)' : ' (noch offen)'}</span>
        </li>
      ))}
    </ul>
  );
}
