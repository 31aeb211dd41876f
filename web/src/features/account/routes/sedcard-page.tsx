// /meine-sedcard: the sedcard as providers see it (portrait, name, the main facts) and the PDF
// download (GET /api/candidate_profiles/{id}/sedcard).
import { Link } from 'react-router';
import form from '@/shared/ui/form.module.css';
import { useCandidateProfile } from '@/shared/api/candidate-profile';
import { AccountFrame } from '../components/account-frame';
import { useReferenceList } from '@/shared/api/reference-lists';
import { GENDERS, HAIR_COLORS, LANGUAGE_LEVELS, labelOf } from '../lib/options';
import { formatDate } from '../lib/format';
import styles from './account-pages.module.css';
import { track } from '@/shared/tracking/track';

export function SedcardPage() {
  return <AccountFrame title="Meine Sedcard">{(user) => <Sedcard profileId={user.profileId} />}</AccountFrame>;
}

function Sedcard({ profileId }: { profileId: number }) {
  const { data: p, isError } = useCandidateProfile(profileId);
  const languageNames = useReferenceList('languages').map((e) => [e.code, e.name] as const);
  if (isError) return <p className={form.error} role="alert">Deine Sedcard konnte gerade nicht geladen werden.</p>;
  if (!p) return null;
  const appearance = (p.appearance ?? {}) as Record<string, unknown>;
  const addresses = (p.addresses ?? []) as { city?: string }[];
  const languages = (p.languages ?? []) as { language: string; level: string }[];
  return (
    <div className={styles.stack}>
      <section className={styles.card} aria-label="Sedcard-Vorschau">
        {p.profileImagePortrait ? (
          <img className={styles.portrait} src={p.profileImagePortrait.thumbnailUrl} alt={`Porträt von ${String(p.firstName ?? '')}`} />
        ) : (
          <p>Noch kein Porträt. <Link to="/meine-bilder">Jetzt ein Porträt hochladen</Link></p>
        )}
        <h2>{String(p.firstName ?? '')} {String(p.lastName ?? '')}</h2>
        <dl className={styles.facts}>
          <dt>Geschlecht</dt><dd>{labelOf(GENDERS, p.gender) || '–'}</dd>
          <dt>Geburtsdatum</dt><dd>{formatDate(p.birthDate as string | undefined)}</dd>
          <dt>Wohnort</dt><dd>{addresses[0]?.city ?? '–'}</dd>
          <dt>Körpergröße</dt><dd>{appearance.bodyHeight ? `${String(appearance.bodyHeight)} cm` : '–'}</dd>
          <dt>Haarfarbe</dt><dd>{labelOf(HAIR_COLORS, appearance.hairColor) || '–'}</dd>
          <dt>Sprachen</dt>
          <dd>{languages.length ? languages.map((l) => `${labelOf(languageNames, l.language)} (${labelOf(LANGUAGE_LEVELS, l.level)})`).join(', ') : '–'}</dd>
          <dt>Bilder</dt><dd>{p.images.length}</dd>
          <dt>Vollständigkeit</dt><dd>{p.completenessPercent} %</dd>
        </dl>
      </section>
      <p>
        <a className={form.button} href={`/api/candidate_profiles/${profileId}/sedcard`} download onClick={() => track('sedcard_downloaded')}>Sedcard als PDF herunterladen</a>{' '}
        <Link className={form.secondary} to="/meine-daten">Daten bearbeiten</Link>
      </p>
    </div>
  );
}
