// The organization's retention period for ended applications (issue 42 item 4, docs/fair-play.md
// "Applications are kept no longer than needed"): 90 to 180 days, 180 by default, saved with
// PATCH /organizations/{id} {applicationRetentionDays}. The bounds are checked here as on the
// server; the server's 422 is shown under the field.
import { useState, type FormEvent } from 'react';
import form from '@/shared/ui/form.module.css';
import { notify } from '@/shared/ui/notifications';
import { TextField } from '@/shared/ui/text-field';
import type { MemberOrganization } from '@/shared/portal/member';
import { useSaveOrganization } from '../api/organization';
import { fieldErrors, providerMessage } from '@/shared/portal/messages';
import styles from '@/shared/portal/portal.module.css';

export const RETENTION_MIN = 90;
export const RETENTION_MAX = 180;
const OUT_OF_RANGE = `Bitte geben Sie eine Aufbewahrungsfrist zwischen ${RETENTION_MIN} und ${RETENTION_MAX} Tagen als ganze Zahl an.`;

export function RetentionForm({ organization, readOnly }: { organization: MemberOrganization; readOnly: boolean }) {
  const [days, setDays] = useState(String(organization.applicationRetentionDays ?? RETENTION_MAX));
  const [error, setError] = useState('');
  const save = useSaveOrganization(organization.id);

  function submit(event: FormEvent) {
    event.preventDefault();
    const n = Number(days.trim());
    if (!/^\d+$/.test(days.trim()) || n < RETENTION_MIN || n > RETENTION_MAX) {
      setError(OUT_OF_RANGE);
      return;
    }
    setError('');
    save.mutate(
      { applicationRetentionDays: n },
      {
        onSuccess: () => notify({ message: 'Ihre Aufbewahrungsfrist ist gespeichert.', color: 'success', timeout: 5000 }),
        onError: (failure) => setError(fieldErrors(failure).applicationRetentionDays ?? providerMessage(failure)),
      },
    );
  }

  return (
    <form className={`${styles.fieldset} ${styles.form}`} onSubmit={submit} noValidate aria-label="Aufbewahrungsfrist">
      <h2>Aufbewahrungsfrist für Bewerbungen</h2>
      <p>
        Abgelehnte Bewerbungen werden nach dieser Frist für Sie anonymisiert (Art. 5 Abs. 1 lit. e DSGVO). Wählen Sie zwischen {RETENTION_MIN}{' '}
        und {RETENTION_MAX} Tagen; 30 Tage vorher sehen Sie den Termin bei der Bewerbung und können die Person in Ihren Talentpool einladen.
      </p>
      <TextField
        label="Aufbewahrungsfrist in Tagen"
        name="applicationRetentionDays"
        inputMode="numeric"
        value={days}
        onChange={(e) => setDays(e.target.value)}
        error={error || undefined}
        disabled={readOnly}
      />
      {!readOnly && (
        <div>
          <button type="submit" className={form.button} disabled={save.isPending}>
            {save.isPending ? 'Wird gespeichert …' : 'Frist speichern'}
          </button>
        </div>
      )}
    </form>
  );
}
