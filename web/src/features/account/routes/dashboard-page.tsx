// /mein-dashboard: the counters (applications, favourites, logins), the coins and how complete the
// profile is, with links to what is missing.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import form from '@/shared/ui/form.module.css';
import { accountKeys, getDashboard } from '../api/account-api';
import { useCandidateProfile } from '@/shared/api/candidate-profile';
import { AccountFrame } from '../components/account-frame';
import { formatDateTime } from '../lib/format';
import styles from './account-pages.module.css';

const GROUP_LABELS: Record<string, string> = {
  'personal-data': 'Persönliche Daten', addresses: 'Adresse', 'communication-data': 'Kontaktdaten', appearance: 'Aussehen',
  mobility: 'Mobilität', 'bank-data': 'Bankverbindung', tax: 'Steuern', 'job-employment': 'Beschäftigungsstatus',
  'work-preference': 'Arbeitswünsche', 'work-experiences': 'Berufserfahrung', 'promotion-experiences': 'Promotion-Erfahrung',
  schooling: 'Schule und Ausbildung', 'activity-skills': 'Fähigkeiten', languages: 'Sprachen', 'social-profiles': 'Social-Media-Profile',
  images: 'Bilder', videos: 'Videos', documents: 'Dokumente',
};
const GROUP_TARGET = (group: string) => (group === 'images' ? '/meine-bilder' : group === 'videos' ? '/meine-videos' : group === 'documents' ? '/meine-dokumente' : '/meine-daten');

export function DashboardPage() {
  return <AccountFrame title="Dashboard">{(user) => <Dashboard accountId={user.id} profileId={user.profileId} />}</AccountFrame>;
}

function Dashboard({ accountId, profileId }: { accountId: number; profileId: number }) {
  const counters = useQuery({ queryKey: accountKeys.dashboard(accountId), queryFn: ({ signal }) => getDashboard(accountId, signal) });
  const profile = useCandidateProfile(profileId);
  const d = counters.data;
  const percent = profile.data?.completenessPercent ?? 0;
  const missing = Object.entries(profile.data?.completeness.groups ?? {}).filter(([, met]) => !met).map(([g]) => g);
  return (
    <div className={styles.stack}>
      {counters.isError && <p className={form.error} role="alert">Deine Zahlen konnten gerade nicht geladen werden.</p>}
      <section aria-label="Profil-Vollständigkeit" className={styles.card}>
        <h2>Dein Profil ist zu {percent} % vollständig</h2>
        <progress max={100} value={percent} aria-label="Profil-Vollständigkeit">{percent} %</progress>
        {missing.length > 0 && (
          <p>
            Noch offen:{' '}
            {missing.map((g, i) => (
              <span key={g}>{i > 0 && ', '}<Link to={GROUP_TARGET(g)}>{GROUP_LABELS[g] ?? g}</Link></span>
            ))}
          </p>
        )}
      </section>
      {d && (
        <>
          <dl className={styles.counters}>
            <div><dt>Bewerbungen</dt><dd data-counter="applications">{d.applications}</dd></div>
            <div><dt>Favoriten</dt><dd data-counter="favorites">{d.favorites}</dd></div>
            <div><dt>Anmeldungen</dt><dd data-counter="logins">{d.numLogins}</dd></div>
          </dl>
          <section className={styles.card} aria-label="Coins">
            <h2>Deine Coins</h2>
            <dl className={styles.counters}>
              <div><dt>Diesen Monat</dt><dd>{d.pbCoins.currentMonth}</dd></div>
              <div><dt>Letzten Monat</dt><dd>{d.pbCoins.lastMonth}</dd></div>
              <div><dt>Insgesamt</dt><dd>{d.pbCoins.total}</dd></div>
            </dl>
          </section>
          <dl className={styles.facts}>
            <dt>Dabei seit</dt><dd>{formatDateTime(d.created)}</dd>
            <dt>Daten zuletzt geändert</dt><dd>{formatDateTime(d.lastDataUpdate)}</dd>
            <dt>Bilder zuletzt geändert</dt><dd>{formatDateTime(d.lastImageUpdate)}</dd>
            <dt>Letzte Anmeldung</dt><dd>{formatDateTime(d.lastLogin)}</dd>
          </dl>
        </>
      )}
    </div>
  );
}
