// /meine-bilder: upload photos (portrait, American portrait, full body, other) with a progress
// bar; large photos are scaled down in the browser first. The portrait is the sedcard's face.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { authKeys } from '@/shared/auth/keys';
import { imageFile, IMAGE_TYPES } from '@/shared/validation';
import form from '@/shared/ui/form.module.css';
import { useCandidateProfile } from '@/shared/api/candidate-profile';
import { accountKeys } from '../api/account-api';
import { AccountFrame } from '../components/account-frame';
import { UploadForm } from '../components/upload-form';
import { KindSelect, useRemoveUpload } from '../components/upload-parts';
import { labelOf, type Option } from '../lib/options';
import { resizeIfLarge } from '../lib/resize-image';
import styles from './account-pages.module.css';
import { track } from '@/shared/tracking/track';

const IMAGE_KINDS: Option[] = [['portrait', 'Porträt'], ['american_portrait', 'Amerikanisches Porträt'], ['full_body', 'Ganzkörperbild'], ['misc', 'Sonstiges Bild']];
const MAX_IMAGE_BYTES = 20 * 1024 * 1024;

export function ImagesPage() {
  return <AccountFrame title="Meine Bilder">{(user) => <Images profileId={user.profileId} />}</AccountFrame>;
}

function Images({ profileId }: { profileId: number }) {
  const { data: profile, refetch } = useCandidateProfile(profileId);
  const client = useQueryClient();
  const [kind, setKind] = useState('portrait');
  const refresh = () => {
    void refetch();
    void client.invalidateQueries({ queryKey: authKeys.me() });
    void client.invalidateQueries({ queryKey: accountKeys.dashboards() });
  };
  const { remove, error } = useRemoveUpload(
    '/profile_images',
    'profile_image_changed',
    'Das Bild konnte gerade nicht gelöscht werden. Bitte versuche es später noch einmal.',
    refresh,
  );
  return (
    <div className={styles.stack}>
      <p>Lade ein freundliches Porträt und gern weitere Bilder hoch. Erlaubt sind JPEG, PNG, WebP und GIF bis 20 MB; große Fotos verkleinern wir vor dem Hochladen.</p>
      <UploadForm
        label="Bild auswählen"
        accept={IMAGE_TYPES.join(',')}
        maxBytes={MAX_IMAGE_BYTES}
        check={imageFile}
        prepare={resizeIfLarge}
        target={() => ({ path: `/candidate_profiles/${profileId}/profile_images`, fields: { type: kind } })}
        extra={<KindSelect id="image-kind" label="Art des Bildes" options={IMAGE_KINDS} value={kind} onChange={setKind} />}
        onDone={() => {
          track('profile_image_changed', { type: 'added' });
          refresh();
        }}
        submitLabel="Bild hochladen"
      />
      {error && <p className={form.error} role="alert">{error}</p>}
      <ul className={styles.gallery} aria-label="Deine Bilder">
        {profile?.images.map((image) => (
          <li key={image.id}>
            <figure>
              <img src={`/api/profile_images/file/${image.id}?filter=thumbnail`} alt={labelOf(IMAGE_KINDS, image.type)} loading="lazy" />
              <figcaption>{labelOf(IMAGE_KINDS, image.type)}{profile.profileImagePortrait?.id === image.id ? ' (Profilbild)' : ''}</figcaption>
              <button type="button" className={form.secondary} onClick={() => void remove(image.id)}>Löschen</button>
            </figure>
          </li>
        ))}
      </ul>
      {profile && profile.images.length === 0 && <p>Du hast noch keine Bilder hochgeladen.</p>}
    </div>
  );
}
