// /recruiting/portal/passwort-vergessen: a provider asks for a reset link (POST
// /candidate_accounts_request_password_reset, the same route as candidates; the server mails
// organization members in "Sie" with a link to the portal). The answer is the same whether the
// address is known or not.
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { usePageTitle } from '@/shared/lib/page-title';
import form from '@/shared/ui/form.module.css';
import { TextField } from '@/shared/ui/text-field';
import { email as emailRule, required, validate, type Errors } from '@/shared/validation';
import { useRequestPasswordReset } from '../api/access';
import styles from '@/shared/portal/portal.module.css';
import { fieldErrors, providerMessage } from '@/shared/portal/messages';
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
  const [errors, setErrors] = useState<Errors>({});
  const [error, setError] = useState('');

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = String(new FormData(event.currentTarget).get('email') ?? '').trim();
    const found = validate({ email: address }, { email: [required, emailRule] });
    setErrors(found);
    setError('');
    if (Object.keys(found).length) return;
    request.mutate(address, {
      onError: (failure) => {
        setErrors(fieldErrors(failure));
        setError(formal(providerMessage(failure)));
      },
    });
  }

  return (
    <div className={styles.narrow}>
      <h1>Passwort vergessen</h1>
      {request.isSuccess ? (
        <p role="status">{RESET_REQUESTED}</p>
      ) : (
        <form className={styles.form} onSubmit={submit} noValidate>
          <p>Geben Sie die E-Mail-Adresse Ihres Jobanbieter-Kontos ein. Wir schicken Ihnen einen Link, mit dem Sie ein neues Passwort festlegen.</p>
          <TextField label="E-Mail-Adresse" name="email" type="email" autoComplete="email" error={errors.email} required />
          {error && (
            <p className={form.error} role="alert">
              {error}
            </p>
          )}
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
