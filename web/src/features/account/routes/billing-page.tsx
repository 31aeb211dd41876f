// /mein-byll-account: open the billing account (Byll) or sign in to it with a one-time link.
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '@/shared/api/client';
import form from '@/shared/ui/form.module.css';
import { billingLogin, createBillingAccount } from '../api/account-api';
import { AccountFrame } from '../components/account-frame';
import styles from './account-pages.module.css';
import { track } from '@/shared/tracking/track';

export function BillingPage() {
  return <AccountFrame title="Mein Abrechnungskonto">{(user) => <Billing accountId={user.id} />}</AccountFrame>;
}

const messageOf = (error: unknown, fallback: string) =>
  (error instanceof ApiError ? (error.body as { message?: string } | null)?.message : undefined) ?? fallback;

function Billing({ accountId }: { accountId: number }) {
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function open() {
    setBusy(true);
    setError('');
    try {
      await createBillingAccount(accountId);
      track('byll_account_created');
      setMessage('Dein Abrechnungskonto ist eröffnet.');
    } catch (e) {
      setError(messageOf(e, 'Das Abrechnungskonto kann gerade nicht eröffnet werden. Bitte versuche es später noch einmal.'));
    } finally {
      setBusy(false);
    }
  }
  async function login() {
    setBusy(true);
    setError('');
    try {
      const { url } = await billingLogin(accountId);
      track('byll_used');
      window.location.assign(url);
    } catch (e) {
      setError(e instanceof ApiError && e.status === 404
        ? 'Du hast noch kein Abrechnungskonto. Eröffne es mit einem Klick.'
        : messageOf(e, 'Die Anmeldung beim Abrechnungskonto hat gerade nicht geklappt.'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className={styles.stack}>
      <p>Über dein Abrechnungskonto bei unserem Partner Byll stellst du Rechnungen für deine Einsätze und behältst den Überblick über Zahlungen.</p>
      <p>
        <button type="button" className={form.button} disabled={busy} onClick={() => void open()}>Abrechnungskonto eröffnen</button>{' '}
        <button type="button" className={form.secondary} disabled={busy} onClick={() => void login()}>Zum Abrechnungskonto</button>
      </p>
      {message && <p role="status">{message}</p>}
      {error && <p className={form.error} role="alert">{error}</p>}
      <p><Link to="/myInvoices">Meine Rechnungen ansehen</Link></p>
    </div>
  );
}
