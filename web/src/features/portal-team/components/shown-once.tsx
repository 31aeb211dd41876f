// A secret shown this once (a new API key, a webhook endpoint's signing secret): what it is, the
// value, a button that copies it and one the owner presses once it is put away. The server keeps
// no way to show it again, so the words say so.
import { useState, type ReactNode } from 'react';
import form from '@/shared/ui/form.module.css';
import styles from '@/shared/portal/portal.module.css';

type Props = {
  /** The region's name for screen readers, e.g. "Neuer API-Schlüssel". */
  label: string;
  /** What was made and what the value is for (the first paragraph). */
  children: ReactNode;
  value: string;
  testId: string;
  /** The value's noun in German: "Schlüssel" / "Geheimnis", with its articles. */
  noun: { plain: string; the: string; The: string };
  onDone: () => void;
};

export function ShownOnce({ label, children, value, testId, noun, onDone }: Props) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = () =>
    navigator.clipboard.writeText(value).then(
      () => setCopied('yes'),
      () => setCopied('failed'),
    );
  return (
    <div className={styles.form} role="region" aria-label={label}>
      <p role="status">{children}</p>
      <p>
        <code data-testid={testId}>{value}</code>
      </p>
      <div className={form.row}>
        <button type="button" className={form.button} onClick={copy}>
          {noun.plain} kopieren
        </button>
        <button type="button" className={form.secondary} onClick={onDone}>
          Ich habe {noun.the} gesichert
        </button>
      </div>
      {copied === 'yes' && <p role="status">{noun.The} ist in der Zwischenablage.</p>}
      {copied === 'failed' && <p role="alert">Das Kopieren hat nicht geklappt. Bitte markieren und kopieren Sie {noun.the} von Hand.</p>}
    </div>
  );
}
