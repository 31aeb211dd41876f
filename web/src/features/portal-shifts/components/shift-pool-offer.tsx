// "Zuerst dem Pool anbieten" on a shift in the portal (issue 43, item 7; docs/shifts.md "The pool
// of regulars"): for how many hours only the organization's pool members (Stammkräfte) may choose
// the shift before everyone may (0: open to all now), and whether a member's choice is confirmed at
// once. The server keeps the rules: at most 168 hours and never past the shift's start; an
// automatic confirmation only while a place is free and no working-time rule breaks. Its refusals
// are shown as they come. "Sie", as everywhere in the portal.
import { useState, type FormEvent } from 'react';
import type { Shift } from '@/shared/api/shifts';
import form from '@/shared/ui/form.module.css';
import { TextField } from '@/shared/ui/text-field';
import { useShiftChange } from '@/shared/portal/shifts';
import { providerMessage } from '@/shared/portal/messages';

const MAX_HOURS = 168;
const until = new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/** What the shift's pool offer is now, in words ("" when the shift is open to everyone). */
export function poolOfferText(shift: Pick<Shift, 'poolOnlyUntil' | 'poolAutoConfirm'>): string {
  const parts: string[] = [];
  if (shift.poolOnlyUntil) parts.push(`Nur für Ihren Pool bis ${until.format(new Date(shift.poolOnlyUntil))} Uhr`);
  if (shift.poolAutoConfirm) parts.push('Pool-Mitglieder werden sofort bestätigt');
  return parts.join(' · ');
}

export function ShiftPoolOffer({ shift, jobId, onDone }: { shift: Shift; jobId: number; onDone: () => void }) {
  const change = useShiftChange(jobId);
  const [hours, setHours] = useState(shift.poolOnlyUntil ? '' : '24');
  const [autoConfirm, setAutoConfirm] = useState(shift.poolAutoConfirm ?? false);
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const n = hours.trim() === '' ? 0 : Number(hours);
    if (!Number.isInteger(n) || n < 0 || n > MAX_HOURS) {
      setError(`Bitte geben Sie zwischen 0 und ${MAX_HOURS} Stunden als ganze Zahl an.`);
      return;
    }
    setError(null);
    change.mutate(
      { kind: 'pool', id: shift.id, poolFirstHours: n, autoConfirm },
      { onSuccess: onDone, onError: (err) => setError(providerMessage(err)) },
    );
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Einsatz dem Pool anbieten">
      <TextField
        label="Nur für Ihren Pool (Stunden ab jetzt, 0 = sofort für alle)"
        name="poolFirstHours"
        type="number"
        inputMode="numeric"
        min={0}
        max={MAX_HOURS}
        value={hours}
        error={error ?? undefined}
        onChange={(e) => setHours(e.target.value)}
      />
      <p>
        <label>
          <input type="checkbox" checked={autoConfirm} onChange={(e) => setAutoConfirm(e.target.checked)} /> Wahl von Pool-Mitgliedern sofort
          bestätigen (wenn ein Platz frei ist und keine Arbeitszeitregel verletzt wird)
        </label>
      </p>
      <div className={form.row}>
        <button type="submit" className={form.yellow} disabled={change.isPending}>
          Speichern
        </button>
        <button type="button" className={form.secondary} onClick={onDone}>
          Abbrechen
        </button>
      </div>
    </form>
  );
}
