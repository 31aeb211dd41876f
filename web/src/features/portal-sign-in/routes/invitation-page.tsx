// /recruiting/portal/einladung/{token}: the link of the team invitation mail ("Sie"). It shows which
// organization invites which address (GET /organization_invitations/{token}); the person sets a
// password to accept (the account is made now, its address confirmed, then the person signs in) or
// declines (no account is made). A used, declined, withdrawn or expired link says so.
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { usePageTitle } from '@/shared/lib/page-title';
import form from '@/shared/ui/form.module.css';
import { PageLoading } from '@/shared/ui/page-loading';
import { useMutationForm } from '@/shared/forms/use-mutation-form';
import { invitationQueryOptions, useAcceptInvitation, useDeclineInvitation, type InvitationPreview } from '../api/access';
import { NEW_PASSWORD_SCHEMA, NO_PASSWORD, NewPasswordFields, SignInNext } from '../components/new-password-fields';
import styles from '@/shared/portal/portal.module.css';
import { providerMessage } from '@/shared/portal/messages';

const INVALID = 'Diese Einladung ist ungültig oder abgelaufen. Bitten Sie die Person, die Sie eingeladen hat, um eine neue Einladung.';

export function InvitationPage() {
  usePageTitle('Einladung annehmen');
  const { token = '' } = useParams();
  const invitation = useQuery({ ...invitationQueryOptions(token), staleTime: Infinity });
  const accept = useAcceptInvitation(token);
  const decline = useDeclineInvitation(token);

  if (invitation.isPending) return <PageLoading />;
  return (
    <div className={styles.narrow}>
      <h1>Einladung annehmen</h1>
      {invitation.isError && <p role="alert">{INVALID}</p>}
      {accept.isSuccess && (
        <SignInNext message="Willkommen im Team! Ihr Konto ist angelegt und Ihre E-Mail-Adresse bestätigt. Melden Sie sich jetzt mit Ihrem Passwort an." />
      )}
      {decline.isSuccess && <p role="status">Sie haben die Einladung abgelehnt. Für Ihre E-Mail-Adresse wurde kein Konto angelegt.</p>}
      {invitation.isSuccess && !accept.isSuccess && !decline.isSuccess && (
        <AcceptForm invitation={invitation.data} accept={accept} decline={decline} />
      )}
    </div>
  );
}

function AcceptForm({
  invitation,
  accept,
  decline,
}: {
  invitation: InvitationPreview;
  accept: ReturnType<typeof useAcceptInvitation>;
  decline: ReturnType<typeof useDeclineInvitation>;
}) {
  const { form: state, ref, onSubmit, field, refusal } = useMutationForm({
    mutation: accept,
    defaultValues: NO_PASSWORD,
    rules: NEW_PASSWORD_SCHEMA,
    describe: (failure) => providerMessage(failure, INVALID),
  });
  const busy = accept.isPending || decline.isPending;
  // Declining is a write of its own without fields: its failure is said on the same line.
  const error = refusal ?? (decline.isError ? providerMessage(decline.error, INVALID) : undefined);

  return (
    <form ref={ref} className={styles.form} onSubmit={onSubmit} noValidate aria-label="Einladung annehmen">
      <p>
        {invitation.organizationName} lädt Sie ein, im Team Stellenanzeigen und Bewerbungen bei Jobhafen zu bearbeiten. Legen Sie ein Passwort
        für {invitation.email} fest, um die Einladung anzunehmen.
      </p>
      <NewPasswordFields field={field} password={state.watch('password')} />
      {error !== undefined && (
        <p className={form.error} role="alert">
          {error}
        </p>
      )}
      <div className={form.row}>
        <button className={form.button} type="submit" disabled={busy}>
          {accept.isPending ? 'Wird gespeichert …' : 'Einladung annehmen'}
        </button>
        <button className={form.secondary} type="button" disabled={busy} onClick={() => decline.mutate()}>
          {decline.isPending ? 'Wird abgelehnt …' : 'Einladung ablehnen'}
        </button>
      </div>
    </form>
  );
}
