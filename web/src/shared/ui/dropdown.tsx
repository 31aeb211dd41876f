// A disclosure dropdown for navigation: a button (aria-expanded) that shows a panel of links
// below it. Escape or a click elsewhere closes it and focus goes back to the button. It is a
// disclosure, not an ARIA menu, because its contents are ordinary links (WAI-ARIA APG,
// "Disclosure Navigation Menu").
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import styles from './dropdown.module.css';

type Props = {
  label: ReactNode;
  /** Accessible name when `label` is not text (an avatar). */
  ariaLabel?: string;
  children: (close: () => void) => ReactNode;
  buttonClassName?: string;
  align?: 'start' | 'end';
};

export function Dropdown({ label, ariaLabel, children, buttonClassName, align = 'start' }: Props) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div
      ref={root}
      className={styles.root}
      onBlur={(event) => {
        if (!root.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className={buttonClassName ?? styles.button}
        aria-expanded={open}
        aria-controls={id}
        aria-label={ariaLabel}
        onClick={() => setOpen((value) => !value)}
      >
        {label} <span aria-hidden="true">▾</span>
      </button>
      <div id={id} className={`${styles.panel} ${align === 'end' ? styles.end : ''}`} hidden={!open}>
        {children(() => setOpen(false))}
      </div>
    </div>
  );
}
