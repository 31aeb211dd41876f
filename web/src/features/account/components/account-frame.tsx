// The frame of every account page: visitors get the sign-in prompt (spec section 6: only signed-in
// candidates see account pages), a signed-in provider the note that the page is for candidates
// ("Sie") with a way to sign out, candidates the account navigation beside the page.
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useSignedInProvider, useSignOutAnyAccount } from '@/shared/auth/signed-in-provider';
import { useUser, type CandidateAccount } from '@/shared/auth/use-user';
import { usePageTitle } from '@/shared/lib/page-title';
import form from '@/shared/ui/form.module.css';
import { PageLoading } from '@/shared/ui/page-loading';
import { AccountNav } from './account-nav';
import styles from './account-frame.module.css';

type Props = { title: string; children: (user: CandidateAccount & { profileId: number }) => ReactNode };

export function AccountFrame({ title, children }: Props) {
  const { user, isLoading } = useUser();
  const { pathname } = useLocation();
  const other = useSignedInProvider(!isLoading && !user);
  const signOut = useSignOutAnyAccount();
  usePageTitle(user ? title : other.provider ? 'Seite für Bewerberinnen und Bewerber' : 'Bitte anmelden');
  if (isLoading || other.isLoading) return <PageLoading />;
  if (!user && other.provider) {
    return (
      <div className={styles.page}>
        <h1>Diese Seite ist für Bewerberinnen und Bewerber</h1>
        <p>
          Sie sind als Jobanbieter angemeldet. Diese Seite öffnen Bewerberinnen und Bewerber mit ihrem eigenen Jobhafen-Konto, zum
          Beispiel nach dem Scannen eines QR-Codes oder aus einer Einladung.
        </p>
        <p>Wenn Sie diese Seite mit einem Bewerberkonto öffnen möchten, melden Sie sich bitte zuerst ab.</p>
        <div className={form.row}>
          <Link className={form.yellow} to="/portal">Zum Unternehmensbereich</Link>
          <button type="button" className={form.secondary} disabled={signOut.isPending} onClick={() => signOut.mutate()}>
            Abmelden
          </button>
        </div>
      </div>
    );
  }
  if (!user?.candidateProfile) {
    return (
      <div className={styles.page}>
        <h1>Bitte melde dich an</h1>
        <p>Diese Seite gehört zu deinem Jobhafen-Konto. Melde dich an, um sie zu sehen.</p>
        <p>
          <Link className={form.yellow} to={`${pathname}?login=1`}>Anmelden</Link>
        </p>
      </div>
    );
  }
  return (
    <div className={styles.page}>
      <AccountNav />
      <div className={styles.main}>
        <h1>{title}</h1>
        {children({ ...user, profileId: user.candidateProfile.id })}
      </div>
    </div>
  );
}
