// /meine-videos: the three videos of the sedcard (introduction, goals, selling point), uploaded
// with a progress bar; the server checks the bytes (MP4, WebM, MOV) and the size (100 MB).
import { useState } from 'react';
import form from '@/shared/ui/form.module.css';
import { useCandidateProfile } from '@/shared/api/candidate-profile';
import { AccountFrame } from '../components/account-frame';
import { UploadForm } from '../components/upload-form';
import { KindSelect, useRemoveUpload } from '../components/upload-parts';
import { labelOf, type Option } from '../lib/options';
import styles from './account-pages.module.css';
import { track } from '@/shared/tracking/track';

const VIDEO_KINDS: Option[] = [['introduction', 'Vorstellungsvideo'], ['goals', 'Meine Ziele'], ['selling_point', 'Was mich auszeichnet']];
const ENDPOINT: Record<string, string> = { introduction: 'profile_videos_introduction', goals: 'profile_videos_goals', selling_point: 'profile_videos_selling_point' };
const MAX_VIDEO_BYTES = 100 * 1024 * 1024;
const notAVideo = (file: File) => (file.type && !file.type.startsWith('video/') ? 'Die Datei muss ein Video sein (MP4, WebM oder MOV).' : null);

export function VideosPage() {
  return <AccountFrame title="Meine Videos">{(user) => <Videos profileId={user.profileId} />}</AccountFrame>;
}

function Videos({ profileId }: { profileId: number }) {
  const { data: profile, refetch } = useCandidateProfile(profileId);
  const [kind, setKind] = useState('introduction');
  const { remove, error } = useRemoveUpload(
    '/profile_videos',
    'profile_video_changed',
    'Das Video konnte gerade nicht gelöscht werden. Bitte versuche es später noch einmal.',
    () => void refetch(),
  );
  return (
    <div className={styles.stack}>
      <p>Stell dich in einem kurzen Video vor – Jobanbieter sehen so gleich, wie du auftrittst. Bis 100 MB als MP4, WebM oder MOV.</p>
      <UploadForm
        label="Video auswählen"
        accept="video/mp4,video/webm,video/quicktime"
        maxBytes={MAX_VIDEO_BYTES}
        check={notAVideo}
        target={() => ({ path: `/candidate_profiles/${profileId}/${ENDPOINT[kind]}`, fields: {} })}
        extra={<KindSelect id="video-kind" label="Art des Videos" options={VIDEO_KINDS} value={kind} onChange={setKind} />}
        onDone={() => {
          track('profile_video_changed', { type: 'added' });
          void refetch();
        }}
        submitLabel="Video hochladen"
      />
      {error && <p className={form.error} role="alert">{error}</p>}
      <ul className={styles.gallery} aria-label="Deine Videos">
        {profile?.videos.map((video) => (
          <li key={video.id}>
            <figure>
              <video src={`/api/profile_videos/file/${video.id}`} poster={`/api/profile_videos/file/${video.id}?filter=poster`} controls preload="none" />
              <figcaption>{labelOf(VIDEO_KINDS, video.type)}</figcaption>
              <button type="button" className={form.secondary} onClick={() => void remove(video.id)}>Löschen</button>
            </figure>
          </li>
        ))}
      </ul>
      {profile && profile.videos.length === 0 && <p>Du hast noch keine Videos hochgeladen.</p>}
    </div>
  );
}
