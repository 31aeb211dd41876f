// Frame of the account pages built in issue 10 (applications, ratings, favourites, settings, e-mail,
// password, deletion): a visitor gets the access-denied page with the way to sign in; a signed-in
// candidate sees the page's heading, the section and the account navigation. The section gets the
// signed-in account, so no page has to handle the visitor case itself.
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useUser, type CandidateAccount } from '@/shared/auth/use-user';
import { usePageTitle } from '@/shared/lib/page-title';
import form from '@/shared/ui/form.module.css';
import { PageLoading } from '@/shared/ui/page-loading';
import { ACCOUNT_LINKS } from '../layout/candidate-app-bar';
import styles from './message-page.module.css';

type Props = { title: string; children: (user: CandidateAccount) => ReactNode };

export function AccountSection({ title, children }: Props) {
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
      {children(user)}
      <nav aria-label="Mein Konto">
        <ul>
          {ACCOUNT_LINKS.map((link) => (
            <li key={link.to}>
              <Link to={link.to}>{link.label}</Link>
            </li>
          ))}
          <li>
            <Link to="/mein-passwort-aendern">Passwort ändern</Link>
          </li>
          <li>
            <Link to="/meine-email-aendern">E-Mail-Adresse ändern</Link>
          </li>
          <li>
            <Link to="/meinen-account-loeschen">Konto löschen</Link>
          </li>
        </ul>
      </nav>
    </div>
  );
}
