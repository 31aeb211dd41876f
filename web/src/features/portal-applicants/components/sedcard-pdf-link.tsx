// "Sedcard als PDF öffnen" on an application: the page fetches the PDF itself and opens it (or,
// where the browser blocks the new tab, downloads it). While the render worker is busy or away the
// provider reads a German message here and the page tries again by itself a few times; raw JSON
// from the API never reaches a tab (issue 29, bug 2). The link keeps its address, so "open in new
// tab" from the context menu still works.
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { ApiError, TimeoutError } from '@/shared/api/client';
import form from '@/shared/ui/form.module.css';
import { fetchSedcardPdf, sedcardPdfUrl } from '../api/applications';
import { providerMessage } from '@/shared/portal/messages';

/** Seconds before each automatic new try after a passing failure. */
export const SEDCARD_RETRY_SECONDS = [3, 10, 30] as const;

type State =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'waiting'; attempt: number }
  | { kind: 'failed'; message: string }
  | { kind: 'done' };

/** A failure that may pass by itself: the worker busy or missing, a gateway, a timeout, no connection. */
const passing = (error: unknown) =>
  error instanceof TimeoutError || error instanceof TypeError || (error instanceof ApiError && (error.status >= 500 || error.status === 429));

function openPdf(blob: Blob, fileName: string) {
  const address = URL.createObjectURL(blob);
  if (!window.open(address, '_blank')) {
    const link = document.createElement('a');
    link.href = address;
    link.download = fileName;
    link.click();
  }
  // The new tab has read the file by then.
  window.setTimeout(() => URL.revokeObjectURL(address), 60_000);
}

export function SedcardPdfLink({ applicationId, fileName }: { applicationId: number; fileName: string }) {
  const [state, setState] = useState<State>({ kind: 'idle' });
  const timer = useRef<number | undefined>(undefined);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      window.clearTimeout(timer.current);
    };
  }, []);

  async function load(attempt: number) {
    window.clearTimeout(timer.current);
    setState({ kind: 'loading' });
    try {
      const blob = await fetchSedcardPdf(applicationId);
      if (!mounted.current) return;
      openPdf(blob, fileName);
      setState({ kind: 'done' });
    } catch (error) {
      if (!mounted.current) return;
      const delay = SEDCARD_RETRY_SECONDS[attempt];
      if (passing(error) && delay !== undefined) {
        setState({ kind: 'waiting', attempt });
        timer.current = window.setTimeout(() => void load(attempt + 1), delay * 1000);
      } else if (passing(error)) {
        setState({ kind: 'failed', message: 'Die Sedcard kann gerade nicht erstellt werden. Bitte versuchen Sie es in ein paar Minuten noch einmal.' });
      } else {
        setState({ kind: 'failed', message: providerMessage(error, 'Die Sedcard konnte nicht geöffnet werden. Bitte versuchen Sie es noch einmal.') });
      }
    }
  }

  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    if (state.kind !== 'loading') void load(0);
  }

  return (
    <div>
      <a className={form.secondary} href={sedcardPdfUrl(applicationId)} onClick={onClick} aria-busy={state.kind === 'loading'}>
        {state.kind === 'loading' ? 'Sedcard wird erstellt …' : 'Sedcard als PDF öffnen'}
      </a>
      <div aria-live="polite">
        {state.kind === 'waiting' && (
          <p role="status">
            Die Sedcard kann gerade nicht erstellt werden. Wir versuchen es in {SEDCARD_RETRY_SECONDS[state.attempt]} Sekunden noch einmal.{' '}
            <button type="button" className={form.secondary} onClick={() => void load(state.attempt + 1)}>
              Jetzt erneut versuchen
            </button>
          </p>
        )}
        {state.kind === 'failed' && (
          <p role="alert">
            {state.message}{' '}
            <button type="button" className={form.secondary} onClick={() => void load(0)}>
              Erneut versuchen
            </button>
          </p>
        )}
      </div>
    </div>
  );
}
