// The mobile navigation drawer: a modal panel from the right. While it is open the page behind
// does not scroll (the spec's scroll lock) and focus stays inside (native modal <dialog>).
import { useEffect, useRef, type ReactNode } from 'react';
import styles from './drawer.module.css';

type Props = { open: boolean; onClose: () => void; label: string; children: ReactNode };

export function Drawer({ open, onClose, label, children }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    const previous = document.activeElement as HTMLElement | null;
    const overflow = document.documentElement.style.overflow;
    document.documentElement.style.overflow = 'hidden';
    if (!dialog.open) dialog.showModal();
    return () => {
      document.documentElement.style.overflow = overflow;
      if (dialog.open) dialog.close();
      previous?.focus?.();
    };
  }, [open]);

  if (!open) return null;
  return (
    <dialog
      ref={ref}
      className={styles.drawer}
      aria-label={label}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className={styles.inner}>
        <button type="button" className={styles.close} onClick={onClose} aria-label="Menü schließen">
          ×
        </button>
        {children}
      </div>
    </dialog>
  );
}
