// A modal dialog on the browser's own <dialog> element: showModal() makes the rest of the page
// inert, traps focus inside and moves it into the dialog (to its first field, if any); Escape closes it (unless the
// dialog is persistent). Focus returns to the element that was focused before it opened.
// Titles label the dialog for screen readers.
import { useEffect, useId, useRef, type ReactNode } from 'react';
import styles from './dialog.module.css';

type Props = {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Pixels; the dialog never gets wider than the window. */
  width?: number;
  /** Escape and a click beside the dialog do not close it; only its own buttons do. */
  persistent?: boolean;
  /** Covers the whole screen below the `sm` breakpoint (960 px). */
  fullscreenOnMobile?: boolean;
};

export function Dialog({ open, title, onClose, children, width = 560, persistent, fullscreenOnMobile }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      const previous = document.activeElement as HTMLElement | null;
      dialog.showModal();
      // showModal() focuses the first focusable element, the close button; the first field is
      // where a keyboard user wants to start.
      dialog.querySelector<HTMLElement>('[data-autofocus], input:not([type=hidden]), select, textarea')?.focus();
      return () => {
        if (dialog.open) dialog.close();
        previous?.focus?.();
      };
    }
    return undefined;
  }, [open]);

  if (!open) return null;
  return (
    <dialog
      ref={ref}
      className={`${styles.dialog} ${fullscreenOnMobile ? styles.fullscreenOnMobile : ''}`}
      style={{ maxWidth: `min(${width}px, 100vw - 2rem)` }}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (!persistent) onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop has the dialog itself as target.
        if (!persistent && event.target === event.currentTarget) onClose();
      }}
    >
      <div className={styles.inner}>
        <header className={styles.header}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <button type="button" className={styles.close} onClick={onClose} aria-label="Schließen">
            ×
          </button>
        </header>
        <div className={styles.body}>{children}</div>
      </div>
    </dialog>
  );
}
