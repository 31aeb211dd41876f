// The account area's routes (/mein-dashboard, /meine-daten, ...). A visitor gets the
// access-denied page with the way to sign in. Signed-in candidates see the account navigation;
// the sections themselves are built by the account and profile issues.
import { Link, useLocation } from 'react-router';
import { useUser } from '@/shared/auth/use-user';
import { usePageTitle } from '@/shared/lib/page-title';
import form from '@/shared/ui/form.module.css';
import { PageLoading } from '@/shared/ui/page-loading';
import { ACCOUNT_LINKS } from '../layout/candidate-app-bar';
import styles from './message-page.module.css';

export function AccountPage({ title }: { title: string }) {
  const { user, isLoading } = useUser();
  const { pathname } = useLocation();
  usePageTitle(user ? title : 'Bitte anmelden');
  if (isLoading) return <PageLoading />;
  if (!user) {
    return (
      <div className={styles.page}>
        <h1>Bitte melde dich an</h1>
        <p>Diese Seite gehört zu deinem Jobhafen-Konto. Melde dich an, um sie zu sehen.</p>
        <p>
          <Link className={form.yellow} to={`${pathname}?login=1`}>
            Anmelden
          </Link>
        </p>
      </div>
    );
  }
  return (
    <div className={styles.page}>
      <h1>{title}</h1>
      <p>Hallo {user.candidateProfile?.firstName ?? user.email}!</p>
      <nav aria-label="Mein Konto">
        <ul>
          {ACCOUNT_LINKS.map((link) => (
            <li key={link.to}>
              <Link to={link.to}>{link.label}</Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
