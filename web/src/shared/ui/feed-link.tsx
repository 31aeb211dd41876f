// A private calendar feed's address right after it was made (shown once: the server keeps only
// its hash), with "copy" and a webcal:// link that opens a calendar app. The candidate's
// /meine-einsaetze ("du") and the portal's "Kalender abonnieren" ("Sie") bring their own words.
// Give it `key={url}`, so a new address starts without the old one's "copied" note.
import { useState, type ReactNode } from 'react';
import { webcalUrl } from '@/shared/api/calendar-feed';
import form from './form.module.css';
import styles from './feed-link.module.css';

type Props = {
  id: string;
  url: string;
  label: string;
  /** The field's accessible name when it differs from the visible label. */
  fieldName?: string;
  openLabel: string;
  copiedText: string;
  /** Said when the browser refuses the clipboard; nothing when absent. */
  copyFailedText?: string;
  children?: ReactNode;
};

export function FeedLink({ id, url, label, fieldName, openLabel, copiedText, copyFailedText, children }: Props) {
  const [copied, setCopied] = useState<boolean | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className={styles.link}>
      <label htmlFor={id}>{label}</label>
      <input id={id} aria-label={fieldName} readOnly value={url} className={styles.url} onFocus={(e) => e.currentTarget.select()} />
      <div className={form.row}>
        <a className={form.button} href={webcalUrl(url)}>
          {openLabel}
        </a>
        <button type="button" className={form.secondary} onClick={() => void copy()}>
          Link kopieren
        </button>
      </div>
      {copied === true ? <p role="status">{copiedText}</p> : null}
      {copied === false && copyFailedText ? <p role="alert">{copyFailedText}</p> : null}
      {children}
    </div>
  );
}
