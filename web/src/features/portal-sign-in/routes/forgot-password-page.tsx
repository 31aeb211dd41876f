// /recruiting/portal/passwort-vergessen: a provider asks for a reset link (POST
// /candidate_accounts_request_password_reset, the same route as candidates; the server mails
// organization members in "Sie" with a link to the portal). The answer is the same whether the
// address is known or not.
import { Link } from 'react-router';
import { usePageTitle } from '@/shared/lib/page-title';
import form from '@/shared/ui/form.module.css';
import { TextField } from '@/shared/ui/text-field';
import { useMutationForm } from '@/shared/forms/use-mutation-form';
import { FormRefusal } from '@/shared/forms/form-refusal';
import { email as emailRule, required } from '@/shared/validation';
import { useRequestPasswordReset } from '../api/access';
import styles from '@/shared/portal/portal.module.css';
import { providerMessage } from '@/shared/portal/messages';
import { portalPath } from '@/shared/portal/paths';

export const RESET_REQUESTED =
  'Wenn es ein Konto mit dieser E-Mail-Adresse gibt, haben wir Ihnen eine E-Mail mit einem Link zum Zurücksetzen Ihres Passworts geschickt. Bitte schauen Sie auch in Ihren Spam-Ordner.';

/** The server's "du" answers to this request, said with "Sie". */
function formal(message: string): string {
  if (message.startsWith('Du hast gerade schon'))
    return 'Sie haben gerade schon eine E-Mail angefordert. Bitte schauen Sie in Ihr Postfach (auch in den Spam-Ordner) oder versuchen Sie es in ein paar Minuten noch einmal.';
  if (message.startsWith('Zu viele') || message.startsWith('An diese E-Mail-Adresse'))
    return 'Zu viele Anfragen. Bitte warten Sie einen Moment und versuchen Sie es dann noch einmal.';
  return message;
}

export function ForgotPasswordPage() {
  usePageTitle('Passwort vergessen');
  const request = useRequestPasswordReset();
  const { ref, onSubmit, field, refusal } = useMutationForm({
    mutation: { isPending: request.isPending, mutateAsync: (values: { email: string }) => request.mutateAsync(values.email.trim()) },
    defaultValues: { email: '' },
    rules: { email: [required, emailRule] },
    describe: (failure) => formal(providerMessage(failure)),
  });

  return (
    <div className={styles.narrow}>
      <h1>Passwort vergessen</h1>
      {request.isSuccess ? (
        <p role="status">{RESET_REQUESTED}</p>
      ) : (
        <form ref={ref} className={styles.form} onSubmit={onSubmit} noValidate>
          <p>Geben Sie die E-Mail-Adresse Ihres Jobanbieter-Kontos ein. Wir schicken Ihnen einen Link, mit dem Sie ein neues Passwort festlegen.</p>
          <TextField label="E-Mail-Adresse" type="email" autoComplete="email" {...field('email')} required />
          <FormRefusal refusal={refusal} />
          <div>
            <button className={form.button} type="submit" disabled={request.isPending}>
              {request.isPending ? 'Wird gesendet …' : 'Link anfordern'}
            </button>
          </div>
        </form>
      )}
      <p>
        <Link to={portalPath.signIn()}>Zurück zur Anmeldung</Link>
      </p>
    </div>
  );
}
