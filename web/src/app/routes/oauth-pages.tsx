// Social sign-in pages (docs/accounts.md, "Social sign-in"): /oauth offers the configured
// providers, passing the campaign query on; /oauthError explains why a sign-in failed
// (code 100: no account for that address, 101: an account exists already); any other failure
// goes to /?not_logged_in=1 like a failed login (spec section 2), where the notice says so.
import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useSearchParams } from 'react-router';
import { oauthProvidersQueryOptions } from '@/features/auth/api/oauth-providers';
import { usePageTitle } from '@/shared/lib/page-title';
import form from '@/shared/ui/form.module.css';

const PROVIDER_NAMES: Record<string, string> = { apple: 'Apple', facebook: 'Facebook', google: 'Google', microsoft: 'Microsoft' };

export function OauthPage() {
  usePageTitle('Anmelden');
  const [params] = useSearchParams();
  const providers = useQuery(oauthProvidersQueryOptions());
  const query = params.toString();
  return (
    <>
      <h1>Bei Jobhafen anmelden</h1>
      {providers.isError && <p role="alert">Die Anmeldedienste können gerade nicht geladen werden.</p>}
      {providers.data && providers.data.providers.length === 0 && <p>Gerade ist keine Anmeldung über andere Dienste möglich.</p>}
      <div className={form.row}>
        {providers.data?.providers.map((provider) => (
          <a key={provider} className={form.secondary} href={`/api/oauth/login/${provider}${query ? `?${query}` : ''}`}>
            Weiter mit {PROVIDER_NAMES[provider] ?? provider}
          </a>
        ))}
      </div>
      <p>
        Oder <Link to="/?login=1">mit E-Mail-Adresse und Passwort anmelden</Link>.
      </p>
    </>
  );
}

export function OauthErrorPage() {
  usePageTitle('Anmeldung fehlgeschlagen');
  const [params] = useSearchParams();
  const provider = params.get('provider') ?? '';
  const name = PROVIDER_NAMES[provider] ?? 'dem Dienst';
  const code = params.get('code');
  if (code !== '100' && code !== '101') return <Navigate to="/?not_logged_in=1" replace />;
  return (
    <>
      <h1>Die Anmeldung hat nicht geklappt</h1>
      {code === '100' && (
        <>
          <p>Für die E-Mail-Adresse deines {name}-Kontos gibt es bei Jobhafen noch kein Konto.</p>
          <a className={form.yellow} href={`/api/oauth/register/${provider}`}>
            Mit {name} registrieren
          </a>
        </>
      )}
      {code === '101' && (
        <>
          <p>Mit dieser E-Mail-Adresse gibt es schon ein Jobhafen-Konto. Melde dich bitte mit deinem Passwort an.</p>
          <Link className={form.button} to="/?login=1">
            Mit Passwort anmelden
          </Link>
        </>
      )}
    </>
  );
}
