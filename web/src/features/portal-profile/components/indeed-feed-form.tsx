// Whether the organization's jobs go to Indeed (issue 44 item 1, docs/reach.md "Indeed-Feed"): every
// live job is in the feed /feeds/indeed.xml unless the provider switches it off here; saved at once
// with PATCH /organizations/{id} {indeedFeed}. The server's answer sets the box, so what is shown
// is what is stored.
import { useState } from 'react';
import { notify } from '@/shared/ui/notifications';
import type { MemberOrganization } from '@/shared/portal/member';
import { useSaveOrganization } from '../api/organization';
import { providerMessage } from '@/shared/portal/messages';
import styles from '@/shared/portal/portal.module.css';

export function IndeedFeedForm({ organization, readOnly }: { organization: MemberOrganization; readOnly: boolean }) {
  const [on, setOn] = useState(organization.indeedFeed ?? true);
  const [error, setError] = useState('');
  const save = useSaveOrganization(organization.id);

  function change(next: boolean) {
    setError('');
    save.mutate(
      { indeedFeed: next },
      {
        onSuccess: (saved) => {
          const stored = saved?.indeedFeed ?? next;
          setOn(stored);
          notify({
            message: stored ? 'Ihre Stellenanzeigen erscheinen wieder bei Indeed.' : 'Ihre Stellenanzeigen werden nicht mehr an Indeed übermittelt.',
            color: 'success',
            timeout: 5000,
          });
        },
        onError: (failure) => setError(providerMessage(failure)),
      },
    );
  }

  return (
    <section className={`${styles.fieldset} ${styles.form}`} aria-label="Indeed">
      <h2>Ihre Stellenanzeigen bei Indeed</h2>
      <p>
        Jobhafen übermittelt Ihre veröffentlichten Stellenanzeigen an die Jobsuchmaschine Indeed, damit mehr Jobsuchende sie finden. Beworben
        wird sich weiterhin bei Jobhafen. Eine Änderung gilt ab dem nächsten Abruf durch Indeed.
      </p>
      <p>
        <label>
          <input
            type="checkbox"
            checked={on}
            disabled={readOnly || save.isPending}
            onChange={(e) => change(e.target.checked)}
          />{' '}
          Stellenanzeigen an Indeed übermitteln
        </label>
      </p>
      {error && <p role="alert">{error}</p>}
    </section>
  );
}
