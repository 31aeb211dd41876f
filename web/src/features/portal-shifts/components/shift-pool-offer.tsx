// "Zuerst dem Pool anbieten" on a shift in the portal (issue 43, item 7; docs/shifts.md "The pool
// of regulars"): for how many hours only the organization's pool members (Stammkräfte) may choose
// the shift before everyone may (0: open to all now), and whether a member's choice is confirmed at
// once. The server keeps the rules: at most 168 hours and never past the shift's start; an
// automatic confirmation only while a place is free and no working-time rule breaks. Its refusals
// are shown as they come. "Sie", as everywhere in the portal.
import { useMutationForm } from '@/shared/forms/use-mutation-form';
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

/** Empty is 0: open to everyone now. */
const hoursOf = (text: string) => (text.trim() === '' ? 0 : Number(text));
const wholeHours = (v: unknown) => {
  const n = hoursOf(String(v ?? ''));
  return !Number.isInteger(n) || n < 0 || n > MAX_HOURS ? `Bitte geben Sie zwischen 0 und ${MAX_HOURS} Stunden als ganze Zahl an.` : null;
};

export function ShiftPoolOffer({ shift, jobId, onDone }: { shift: Shift; jobId: number; onDone: () => void }) {
  const change = useShiftChange(jobId);
  const { form: state, ref, onSubmit, busy, field, refusal } = useMutationForm({
    mutation: {
      isPending: change.isPending,
      mutateAsync: ({ poolFirstHours, autoConfirm }: { poolFirstHours: string; autoConfirm: boolean }) =>
        change.mutateAsync({ kind: 'pool', id: shift.id, poolFirstHours: hoursOf(poolFirstHours), autoConfirm }),
    },
    defaultValues: { poolFirstHours: shift.poolOnlyUntil ? '' : '24', autoConfirm: shift.poolAutoConfirm ?? false },
    rules: { poolFirstHours: [wholeHours] },
    onSuccess: onDone,
    describe: (failure) => providerMessage(failure),
  });
  const hours = field('poolFirstHours');

  return (
    <form ref={ref} onSubmit={onSubmit} noValidate aria-label="Einsatz dem Pool anbieten">
      <TextField
        label="Nur für Ihren Pool (Stunden ab jetzt, 0 = sofort für alle)"
        type="number"
        inputMode="numeric"
        min={0}
        max={MAX_HOURS}
        {...hours}
        // The server's refusal stands at the one field, as the rule's does.
        error={hours.error ?? refusal}
      />
      <p>
        <label>
          <input type="checkbox" {...state.register('autoConfirm')} /> Wahl von Pool-Mitgliedern sofort
          bestätigen (wenn ein Platz frei ist und keine Arbeitszeitregel verletzt wird)
        </label>
      </p>
      <div className={form.row}>
        <button type="submit" className={form.yellow} disabled={busy}>
          Speichern
        </button>
        <button type="button" className={form.secondary} onClick={onDone}>
          Abbrechen
        </button>
      </div>
    </form>
  );
}
