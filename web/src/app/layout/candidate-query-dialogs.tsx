// The candidate layout's dialogs opened by query parameters (site-shell-and-providers.md,
// section 2): login/registration (check e-mail, visitors only), success (registration done),
// successApplication (thank you), loginApply/successRegister (resume the saved application),
// generalContact with topic (contact), logout (sign out, notice for 5000 ms, back to /).
import { useEffect, useRef } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { flowSource, withSource } from '@/shared/tracking/application-source';
import { CheckEmailDialog, type SignedInBy } from '@/features/auth/components/check-email-dialog';
import { clearSavedApplication, readSavedApplication } from '@/shared/lib/saved-application';
import { ContactDialog } from '@/features/contact/components/contact-dialog';
import { useSignOut } from '@/shared/auth/sign-out';
import { useUser } from '@/shared/auth/use-user';
import { stopImpersonation } from '@/shared/lib/impersonation';
import { Dialog } from '@/shared/ui/dialog';
import form from '@/shared/ui/form.module.css';
import { notify } from '@/shared/ui/notifications';
import { CANDIDATE_DIALOG_PARAMS } from './dialog-params';

export const LOGOUT_NOTICE_MS = 5000;
const DIALOG_PARAMS = CANDIDATE_DIALOG_PARAMS;

export function CandidateQueryDialogs() {
  const { search, pathname } = useLocation();
  const navigate = useNavigate();
  const { user, isLoading } = useUser();
  const logout = useSignOut();
  const loggingOut = useRef(false);
  const params = new URLSearchParams(search);
  const has = (key: string) => params.has(key) && params.get(key) !== '0';

  const clear = (...keys: string[]) => {
    const next = new URLSearchParams(search);
    for (const key of keys.length ? keys : DIALOG_PARAMS) next.delete(key);
    void navigate({ pathname, search: next.toString() ? `?${next}` : '' }, { replace: true });
  };

  useEffect(() => {
    if (!has('logout') || loggingOut.current) return;
    loggingOut.current = true;
    logout.mutate(undefined, {
      onSettled: () => {
        loggingOut.current = false;
        stopImpersonation();
        notify({ message: 'Du hast dich erfolgreich abgemeldet.', color: 'success', timeout: LOGOUT_NOTICE_MS });
        // Logging out returns to the start page (spec section 4), wherever it was asked for.
        void navigate('/', { replace: true });
      },
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when ?logout appears
  }, [search]);

  // After signing in, a saved application resumes (loginApply) or, sent with the registration,
  // is confirmed (successRegister); a plain registration gets the success dialog.
  const onSignedIn = (by: SignedInBy) => {
    const next = new URLSearchParams(search);
    for (const key of ['login', 'registration', 'loginApply', 'successRegister']) next.delete(key);
    if (readSavedApplication()) next.set(by === 'login' ? 'loginApply' : 'successRegister', '1');
    else if (by === 'registration') next.set('success', '1');
    void navigate({ pathname, search: `?${next}` }, { replace: true });
  };

  const saved = readSavedApplication();
  // Registration does not sign in (the link in the verification mail does): the notice about an
  // application sent with it shows to the visitor too.
  const registeredWithApplication = has('successRegister') && Boolean(saved?.registered);
  const wantsSignIn =
    !isLoading && !user && (has('login') || has('registration') || has('loginApply') || (has('successRegister') && !registeredWithApplication));
  const resume = Boolean(user) && (has('loginApply') || has('successRegister')) && saved !== null;

  return (
    <>
      <CheckEmailDialog open={wantsSignIn} onClose={() => clear('login', 'registration', 'loginApply', 'successRegister')} onSignedIn={onSignedIn} />
      <Dialog open={has('success') && !wantsSignIn} title="Willkommen bei Jobhafen!" onClose={() => clear('success')}>
        <p>Fast geschafft! Wir haben dir eine E-Mail geschickt – bitte bestätige darin deine E-Mail-Adresse. Mit dem Link darin bist du auch gleich angemeldet.</p>
        <button type="button" className={form.button} onClick={() => clear('success')}>
          Los geht’s
        </button>
      </Dialog>
      <Dialog open={has('successApplication')} title="Danke für deine Bewerbung!" onClose={() => clear('successApplication')}>
        <p>Deine Bewerbung ist beim Jobanbieter angekommen. Den Stand siehst du jederzeit unter „Meine Bewerbungen“.</p>
        <div className={form.row}>
          <Link className={form.button} to="/meine-bewerbungen">
            Meine Bewerbungen
          </Link>
          <Link className={form.secondary} to="/jobs">
            Weitere Jobs finden
          </Link>
        </div>
      </Dialog>
      <Dialog
        open={resume && !saved?.registered}
        title="Bewerbung fortsetzen"
        onClose={() => {
          clearSavedApplication();
          clear('loginApply', 'successRegister');
        }}
      >
        <p>Du wolltest dich auf „{saved?.title}“ bewerben. Mach jetzt direkt weiter.</p>
        <Link className={form.yellow} to={withSource(`/jobs-bewerbung/${saved?.slug}`, flowSource(search))}>
          Zur Bewerbung
        </Link>
      </Dialog>
      <Dialog open={registeredWithApplication} title="Willkommen bei Jobhafen!" onClose={() => clear('loginApply', 'successRegister')}>
        <p>
          Deine Bewerbung auf „{saved?.title}“ ist gespeichert. Wir haben dir eine E-Mail geschickt: Sobald du darin deine E-Mail-Adresse bestätigst, geht
          deine Bewerbung an den Jobanbieter.
        </p>
        <button type="button" className={form.button} onClick={() => clear('loginApply', 'successRegister')}>
          Verstanden
        </button>
      </Dialog>
      <ContactDialog
        open={has('generalContact') && params.has('topic')}
        topic={params.get('topic') ?? ''}
        organizationId={Number(params.get('organization')) || undefined}
        audience="candidate"
        onClose={() => clear('generalContact', 'topic', 'organization')}
      />
    </>
  );
}
