// /meine-einstellungen: profile public, searchable by providers, newsletter and jobletter, each
// saved when ticked (PATCH /candidate_accounts/{id}); the data export as a download; a new
// verification mail while the address is not confirmed; signing out on every device.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useLogoutEverywhere } from '@/shared/auth/logout-everywhere';
import type { CandidateAccount } from '@/shared/auth/use-user';
import { useFeature } from '@/shared/lib/features';
import { track } from '@/shared/tracking/track';
import form from '@/shared/ui/form.module.css';
import { notify } from '@/shared/ui/notifications';
import { PageLoading } from '@/shared/ui/page-loading';
import { accountQueryOptions, exportUrl, patchSettings, requestVerificationMail, SETTINGS, type Setting } from '../api/account';

const LABELS: Record<Setting, string> = {
  profilePublic: 'Mein Profil ist öffentlich sichtbar',
  searchableByProviders: 'Jobanbieter dürfen mich finden und ansprechen',
  newsletter: 'Ich möchte den Jobhafen-Newsletter bekommen',
  jobletter: 'Ich möchte passende Jobs per E-Mail bekommen (Jobletter)',
};

export function SettingsPage({ user }: { user: CandidateAccount }) {
  const account = useQuery(accountQueryOptions(user.id));
  const queryClient = useQueryClient();
  const [mailNote, setMailNote] = useState('');
  const navigate = useNavigate();
  const everywhere = useLogoutEverywhere();
  // Toggle public_profile off: the setting is not offered at all.
  const publicProfile = useFeature('public_profile');
  const offered = SETTINGS.filter((setting) => setting !== 'profilePublic' || publicProfile);
  const save = useMutation({
    mutationFn: (patch: Partial<Record<Setting, boolean>>) => patchSettings(user.id, patch),
    onSuccess: (data, patch) => {
      trackSettings(patch);
      queryClient.setQueryData(accountQueryOptions(user.id).queryKey, data);
      notify({ message: 'Deine Einstellungen wurden gespeichert.', color: 'success', timeout: 3000 });
    },
    onError: () => notify({ message: 'Deine Einstellungen konnten nicht gespeichert werden. Bitte versuche es noch einmal.', color: 'error', timeout: 5000 }),
  });

  if (account.isPending) return <PageLoading />;
  if (account.isError) return <p role="alert">Deine Kontodaten konnten gerade nicht geladen werden. Bitte lade die Seite neu.</p>;

  async function resend() {
    try {
      await requestVerificationMail();
      setMailNote('Wir haben dir eine neue E-Mail geschickt. Bitte klicke auf den Link darin.');
    } catch (failure) {
      const status = (failure as { status?: number }).status;
      setMailNote(
        status === 409
          ? 'Deine E-Mail-Adresse ist bereits bestätigt.'
          : status === 429
            ? 'Wir haben dir gerade erst eine E-Mail geschickt. Bitte warte ein paar Minuten.'
            : 'Die E-Mail konnte nicht gesendet werden. Bitte versuche es später noch einmal.',
      );
    }
  }

  return (
    <>
      <section aria-labelledby="settings-privacy">
        <h2 id="settings-privacy">Sichtbarkeit und E-Mails</h2>
        {offered.map((setting) => (
          <p key={setting}>
            <label>
              <input type="checkbox" checked={account.data[setting]} disabled={save.isPending} onChange={(e) => save.mutate({ [setting]: e.target.checked })} /> {LABELS[setting]}
            </label>
          </p>
        ))}
      </section>
      <section aria-labelledby="settings-email">
        <h2 id="settings-email">E-Mail-Adresse</h2>
        <p>
          {account.data.email} – {account.data.emailVerified ? 'bestätigt' : 'noch nicht bestätigt'}
        </p>
        {!account.data.emailVerified && (
          <button type="button" className={form.secondary} onClick={() => void resend()}>
            Bestätigungs-E-Mail erneut senden
          </button>
        )}
        {mailNote && <p role="status">{mailNote}</p>}
      </section>
      <section aria-labelledby="settings-export">
        <h2 id="settings-export">Deine Daten</h2>
        <p>Lade alles herunter, was wir über dich gespeichert haben (eine ZIP-Datei mit deinen Angaben und allen hochgeladenen Bildern, Videos und Dokumenten).</p>
        <a className={form.secondary} href={exportUrl(user.id)} download>
          Meine Daten herunterladen
        </a>
      </section>
      <section aria-labelledby="settings-sessions">
        <h2 id="settings-sessions">Angemeldete Geräte</h2>
        <p>Hast du dich auf einem fremden Gerät angemeldet oder dein Handy verloren? Dann melde dich überall ab – auch hier. Dein Kalender-Abo endet dabei; du kannst danach einen neuen Kalender-Link erstellen.</p>
        <button type="button" className={form.secondary} disabled={everywhere.isPending}
          onClick={() => everywhere.mutate(undefined, {
            onSuccess: () => {
              notify({ message: 'Du bist jetzt auf allen Geräten abgemeldet.', color: 'success', timeout: 5000 });
              void navigate('/');
            },
            onError: () => notify({ message: 'Das hat nicht geklappt. Bitte versuche es noch einmal.', color: 'error', timeout: 5000 }),
          })}>
          Auf allen Geräten abmelden
        </button>
      </section>
    </>
  );
}

/** Newsletter and jobletter have their own events; visibility settings are user settings. */
function trackSettings(patch: Partial<Record<Setting, boolean>>) {
  if (patch.newsletter !== undefined) track('newsletter_setting_changed', { subscribed: patch.newsletter });
  if (patch.jobletter !== undefined) track('jobletter_setting_changed', { subscribed: patch.jobletter });
  if (patch.searchableByProviders !== undefined) track('user_settings_changed', { searchable: patch.searchableByProviders });
  if (patch.profilePublic !== undefined) track('user_settings_changed', { type: 'profilePublic' });
}
