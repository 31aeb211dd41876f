// Notifications (the spec's "notices"): message, colour, timeout (-1 = stays until closed),
// optional link. Any module can call notify(); the shell renders them in a live region.
import { useSyncExternalStore } from 'react';
import styles from './notifications.module.css';

export type Notification = {
  id: number;
  message: string;
  color?: 'success' | 'info' | 'warning' | 'error';
  /** Milliseconds; -1 keeps it until the user closes it. */
  timeout?: number;
  url?: string;
  urlTitle?: string;
  reloadButton?: boolean;
};

let items: Notification[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export function notify(notification: Omit<Notification, 'id'>): number {
  const id = nextId++;
  items = [...items, { ...notification, id }];
  emit();
  const timeout = notification.timeout ?? -1;
  if (timeout >= 0) setTimeout(() => dismiss(id), timeout);
  return id;
}

export function dismiss(id: number) {
  items = items.filter((item) => item.id !== id);
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function Notifications() {
  const list = useSyncExternalStore(subscribe, () => items, () => items);
  return (
    <div className={styles.region} role="status" aria-live="polite">
      {list.map((item) => (
        <div key={item.id} className={`${styles.item} ${styles[item.color ?? 'info']}`}>
          <span>{item.message}</span>
          {item.url && <a href={item.url}>{item.urlTitle ?? item.url}</a>}
          {item.reloadButton && (
            <button type="button" onClick={() => window.location.reload()}>
              Neu laden
            </button>
          )}
          <button type="button" className={styles.close} onClick={() => dismiss(item.id)} aria-label="Hinweis schließen">
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
