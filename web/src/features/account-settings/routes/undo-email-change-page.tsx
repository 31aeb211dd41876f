// /email-aenderung-widerrufen/{token}: the link mailed to the old address when the address of an
// account changes. Opening the page changes nothing (mail scanners open links too); one click
// posts the token, which restores the old address, ends every session and mails a link to set a
// new password.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { errorMessage } from '@/shared/api/error-message';
import { authKeys } from '@/shared/auth/keys';
import { forgetToken } from '@/shared/auth/token-refresh';
import { usePageTitle } from '@/shared/lib/page-title';
import form from '@/shared/ui/form.module.css';
import styles from '@/shared/ui/mailed-link-page.module.css';
import { undoEmailChange } from '../api/account';

export function UndoEmailChangePage() {
  const { token = '' } = useParams();
  const queryClient = useQueryClient();
  usePageTitle('Änderung der E-Mail-Adresse rückgängig machen');
  const [state, setState] = useState<'ask' | 'busy' | 'done' | 'failed'>('ask');
  const [message, setMessage] = useState('');

  async function onUndo() {
    setState('busy');
    try {
      const answer = await undoEmailChange(token);
      forgetToken();
      queryClient.setQueryData(authKeys.me(), null);
      setMessage(answer?.message ?? '');
      setState('done');
    } catch (failure) {
      setMessage(errorMessage(failure, 'Das hat leider nicht geklappt. Bitte versuche es noch einmal.'));
      setState('failed');
    }
  }

  return (
    <div className={styles.page}>
      <h1>Änderung der E-Mail-Adresse rückgängig machen</h1>
      {state === 'done' ? (
        <p role="status">{message}</p>
      ) : (
        <>
          <p>Du hast die Änderung nicht veranlasst? Dann stellen wir deine bisherige E-Mail-Adresse wieder her und melden dich überall ab. Danach legst du ein neues Passwort fest.</p>
          {state === 'failed' && (
            <p className={form.error} role="alert">
              {message}
            </p>
          )}
          <button type="button" className={form.button} onClick={onUndo} disabled={state === 'busy'}>
            Änderung rückgängig machen
          </button>
        </>
      )}
    </div>
  );
}
