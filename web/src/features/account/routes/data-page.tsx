// /meine-daten: every section of the sedcard as its own block, each saved on its own. The list of
// activity skills shows with the toggle profile_skills (the flag hasActivitySkills always does).
import { useFeature } from '@/shared/lib/features';
import { PageLoading } from '@/shared/ui/page-loading';
import form from '@/shared/ui/form.module.css';
import { useCandidateProfile, useSaveCandidateProfile } from '@/shared/api/candidate-profile';
import { AccountFrame } from '../components/account-frame';
import { ProfileBlock } from '../components/profile-block';
import { BLOCKS } from '../lib/blocks';
import { readBlock } from '../lib/block-form';

export function DataPage() {
  return <AccountFrame title="Meine Daten">{(user) => <DataBlocks profileId={user.profileId} />}</AccountFrame>;
}

function DataBlocks({ profileId }: { profileId: number }) {
  const { data: profile, isError } = useCandidateProfile(profileId);
  const save = useSaveCandidateProfile(profileId);
  const skills = useFeature('profile_skills');
  if (isError) return <p className={form.error} role="alert">Deine Daten konnten gerade nicht geladen werden. Bitte lade die Seite neu.</p>;
  if (!profile) return <PageLoading />;
  const addresses = profile.addresses as { country?: string }[] | undefined;
  const context = { _addressCountry: addresses?.[0]?.country ?? 'de' };
  return (
    <>
      <p>
        Je vollständiger deine Daten sind, desto besser finden dich Jobanbieter. Jeder Bereich wird einzeln gespeichert.
        Dein Profil ist zu <strong>{profile.completenessPercent} %</strong> vollständig.
      </p>
      {BLOCKS.filter((block) => skills || block.id !== 'activity-skills').map((block) => (
        <ProfileBlock key={block.id} block={block} initial={readBlock(block, profile)} context={context} save={save} />
      ))}
    </>
  );
}
