// A button whose action needs a second click: the first shows "… wirklich …" and "Abbrechen"
// (removing a member, revoking an API key, removing a webhook endpoint), so a slip of the finger
// removes nothing. Busy while the action's mutation runs.
import { useState } from 'react';
import form from '@/shared/ui/form.module.css';

type Props = {
  /** The first button, e.g. "Entfernen". */
  label: string;
  /** The confirming button, e.g. "Endpunkt wirklich entfernen". */
  confirmLabel: string;
  /** Shown on the confirming button while the action runs, e.g. "Wird entfernt …". */
  busyLabel: string;
  pending: boolean;
  onConfirm: () => void;
};

export function ConfirmedButton({ label, confirmLabel, busyLabel, pending, onConfirm }: Props) {
  const [confirming, setConfirming] = useState(false);
  if (!confirming)
    return (
      <button type="button" className={form.secondary} onClick={() => setConfirming(true)}>
        {label}
      </button>
    );
  return (
    <>
      <button type="button" className={form.button} disabled={pending} onClick={onConfirm}>
        {pending ? busyLabel : confirmLabel}
      </button>
      <button type="button" className={form.secondary} disabled={pending} onClick={() => setConfirming(false)}>
        Abbrechen
      </button>
    </>
  );
}
