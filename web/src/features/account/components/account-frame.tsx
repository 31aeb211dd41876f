// The frame of every account page: visitors get the sign-in prompt (spec section 6: only signed-in
// candidates see account pages), candidates the account navigation beside the page.
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
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
  usePageTitle(user ? title : 'Bitte anmelden');
  if (isLoading) return <PageLoading />;
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
