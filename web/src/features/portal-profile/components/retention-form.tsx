// The organization's retention period for ended applications (issue 42 item 4, docs/fair-play.md
// "Applications are kept no longer than needed"): 90 to 180 days, 180 by default, saved with
// PATCH /organizations/{id} {applicationRetentionDays}. The bounds are checked here as on the
// server; the server's 422 is shown under the field.
import form from '@/shared/ui/form.module.css';
import { notify } from '@/shared/ui/notifications';
import { TextField } from '@/shared/ui/text-field';
import { useMutationForm } from '@/shared/forms/use-mutation-form';
import type { MemberOrganization } from '@/shared/portal/member';
import { useSaveOrganization } from '../api/organization';
import { providerMessage } from '@/shared/portal/messages';
import styles from '@/shared/portal/portal.module.css';

export const RETENTION_MIN = 90;
export const RETENTION_MAX = 180;
const OUT_OF_RANGE = `Bitte geben Sie eine Aufbewahrungsfrist zwischen ${RETENTION_MIN} und ${RETENTION_MAX} Tagen als ganze Zahl an.`;

/** A whole number of days within the bounds (the server's too). */
const inRange = (v: unknown) => {
  const text = String(v ?? '').trim();
  const n = Number(text);
  return !/^\d+$/.test(text) || n < RETENTION_MIN || n > RETENTION_MAX ? OUT_OF_RANGE : null;
};

export function RetentionForm({ organization, readOnly }: { organization: MemberOrganization; readOnly: boolean }) {
  const save = useSaveOrganization(organization.id);
  const { ref, onSubmit, busy, field, refusal } = useMutationForm({
    mutation: {
      isPending: save.isPending,
      mutateAsync: ({ applicationRetentionDays }: { applicationRetentionDays: string }) =>
        save.mutateAsync({ applicationRetentionDays: Number(applicationRetentionDays.trim()) }),
    },
    defaultValues: { applicationRetentionDays: String(organization.applicationRetentionDays ?? RETENTION_MAX) },
    rules: { applicationRetentionDays: [inRange] },
    onSuccess: () => notify({ message: 'Ihre Aufbewahrungsfrist ist gespeichert.', color: 'success', timeout: 5000 }),
    describe: (failure) => providerMessage(failure),
  });
  const days = field('applicationRetentionDays');

  return (
    <form ref={ref} className={`${styles.fieldset} ${styles.form}`} onSubmit={onSubmit} noValidate aria-label="Aufbewahrungsfrist">
      <h2>Aufbewahrungsfrist für Bewerbungen</h2>
      <p>
        Abgelehnte Bewerbungen werden nach dieser Frist für Sie anonymisiert (Art. 5 Abs. 1 lit. e DSGVO). Wählen Sie zwischen {RETENTION_MIN}{' '}
        und {RETENTION_MAX} Tagen; 30 Tage vorher sehen Sie den Termin bei der Bewerbung und können die Person in Ihren Talentpool einladen.
      </p>
      <TextField
        label="Aufbewahrungsfrist in Tagen"
        inputMode="numeric"
        {...days}
        // The server's refusal of the period stands here too: the form has no other field.
        error={days.error ?? refusal}
        disabled={readOnly}
      />
      {!readOnly && (
        <div>
          <button type="submit" className={form.button} disabled={busy}>
            {busy ? 'Wird gespeichert …' : 'Frist speichern'}
          </button>
        </div>
      )}
    </form>
  );
}
