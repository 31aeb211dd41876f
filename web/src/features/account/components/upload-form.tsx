// An upload form with a progress bar: picks a file, checks it with the validation module
// (images: "Datei muss ein Bild sein", every file: "Die Datei ist zu groß"), lets `prepare`
// change it (images are scaled down in the browser), then sends it through XMLHttpRequest so
// the bar shows the bytes sent.
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { ApiError } from '@/shared/api/client';
import { fileSize } from '@/shared/validation';
import form from '@/shared/ui/form.module.css';
import { uploadFile } from '../api/upload';
import styles from '../routes/account-pages.module.css';

type Props = {
  label: string;
  accept: string;
  maxBytes: number;
  check?: (file: File) => string | null;
  prepare?: (file: File) => Promise<File>;
  /** Where to post and which extra fields go with the file. */
  target: (file: File) => { path: string; fields: Record<string, string> };
  extra?: ReactNode;
  onDone: () => void;
  submitLabel: string;
};

export function UploadForm({ label, accept, maxBytes, check, prepare, target, extra, onDone, submitLabel }: Props) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const [done, setDone] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setDone(false);
    const chosen = input.current?.files?.[0];
    if (!chosen) {
      setError('Bitte wähle zuerst eine Datei aus.');
      return;
    }
    const wrong = check?.(chosen);
    if (wrong) {
      setError(wrong);
      return;
    }
    setError('');
    setProgress(0);
    try {
      const file = prepare ? await prepare(chosen) : chosen;
      const tooLarge = fileSize(maxBytes)(file);
      if (tooLarge) throw new Error(tooLarge);
      const { path, fields } = target(file);
      const body = new FormData();
      for (const [k, v] of Object.entries(fields)) body.append(k, v);
      body.append('file', file, file.name);
      await uploadFile(path, body, setProgress);
      setDone(true);
      if (input.current) input.current.value = '';
      onDone();
    } catch (failure) {
      const answer = failure instanceof ApiError ? (failure.body as { message?: string; violations?: { message: string }[] } | null) : null;
      setError(
        answer?.violations?.map((v) => v.message).join(' ') ||
          answer?.message ||
          (failure instanceof Error && !(failure instanceof ApiError) ? failure.message : '') ||
          'Das Hochladen hat nicht geklappt. Bitte versuche es noch einmal.',
      );
    } finally {
      setProgress(null);
    }
  }

  return (
    <form className={styles.upload} onSubmit={submit} noValidate>
      <div className={form.field}>
        <label htmlFor={id}>{label}</label>
        <input id={id} ref={input} type="file" accept={accept} aria-invalid={error ? true : undefined}
          onChange={() => { setError(''); setDone(false); }} />
      </div>
      {extra}
      {progress !== null && (
        <div>
          <progress max={1} value={progress} aria-label="Fortschritt des Hochladens">{Math.round(progress * 100)} %</progress>
          <span aria-hidden="true">{progress === 0 ? 'Wird vorbereitet …' : `${Math.round(progress * 100)} % hochgeladen`}</span>
        </div>
      )}
      {error && <p className={form.error} role="alert">{error}</p>}
      {done && <p role="status">Hochgeladen.</p>}
      <div>
        <button type="submit" className={form.button} disabled={progress !== null}>{progress !== null ? 'Wird hochgeladen …' : submitLabel}</button>
      </div>
    </form>
  );
}
