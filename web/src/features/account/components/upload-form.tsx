// An upload form with a progress bar: picks a file, checks it with the validation module
// (images: "Datei muss ein Bild sein", every file: "Die Datei ist zu groß"), lets `prepare`
// change it (images are scaled down in the browser), then sends it through XMLHttpRequest so
// the bar shows the bytes sent. Written like every form (shared/forms/use-mutation-form.ts): the
// file is a field of React Hook Form, the upload a mutation whose pending state is the busy one.
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { ApiError } from '@/shared/api/client';
import { errorMessage } from '@/shared/api/error-message';
import { useMutationForm } from '@/shared/forms/use-mutation-form';
import { fileSize, type FieldValue } from '@/shared/validation';
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

type Values = { file: FileList | null };

export const NO_FILE = 'Bitte wähle zuerst eine Datei aus.';
const UPLOAD_FAILED = 'Das Hochladen hat nicht geklappt. Bitte versuche es noch einmal.';

/** The first file of the input's list (a FileList in the browser; any list of files will do). */
const chosenFile = (value: FieldValue | FileList): File | undefined => {
  const first: unknown = value && typeof value === 'object' && 'length' in value ? (value as ArrayLike<unknown>)[0] : undefined;
  return first instanceof File ? first : undefined;
};

/** A failure in the browser (the scaled image still too large) says its own sentence; the server's answer its message. */
const describeFailure = (failure: unknown) =>
  errorMessage(failure, failure instanceof Error && !(failure instanceof ApiError) && failure.message ? failure.message : UPLOAD_FAILED);

export function UploadForm({ label, accept, maxBytes, check, prepare, target, extra, onDone, submitLabel }: Props) {
  const id = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const upload = useMutation({
    mutationFn: async ({ file: files }: Values) => {
      const chosen = chosenFile(files) as File;
      setProgress(0);
      try {
        const file = prepare ? await prepare(chosen) : chosen;
        const tooLarge = fileSize(maxBytes)(file);
        if (tooLarge) throw new Error(tooLarge);
        const { path, fields } = target(file);
        const body = new FormData();
        for (const [k, v] of Object.entries(fields)) body.append(k, v);
        body.append('file', file, file.name);
        return await uploadFile(path, body, setProgress);
      } finally {
        setProgress(null);
      }
    },
  });
  const { form: rhf, ref, onSubmit, busy, error, refusal } = useMutationForm<Values>({
    mutation: upload,
    defaultValues: { file: null },
    rules: {
      file: [(value) => (chosenFile(value) ? null : NO_FILE), (value) => { const file = chosenFile(value); return file && check ? check(file) : null; }],
    },
    describe: describeFailure,
    onSuccess: () => {
      rhf.reset();
      onDone();
    },
  });
  const message = error('file') ?? (refusal !== undefined ? refusal || UPLOAD_FAILED : undefined);

  return (
    <form ref={ref} className={styles.upload} onSubmit={onSubmit} noValidate>
      <div className={form.field}>
        <label htmlFor={id}>{label}</label>
        <input id={id} type="file" accept={accept} aria-invalid={message ? true : undefined}
          {...rhf.register('file', { onChange: () => { upload.reset(); rhf.clearErrors('root'); } })} />
      </div>
      {extra}
      {progress !== null && (
        <div>
          <progress max={1} value={progress} aria-label="Fortschritt des Hochladens">{Math.round(progress * 100)} %</progress>
          <span aria-hidden="true">{progress === 0 ? 'Wird vorbereitet …' : `${Math.round(progress * 100)} % hochgeladen`}</span>
        </div>
      )}
      {message && <p className={form.error} role="alert">{message}</p>}
      {upload.isSuccess && <p role="status">Hochgeladen.</p>}
      <div>
        <button type="submit" className={form.button} disabled={busy}>{busy ? 'Wird hochgeladen …' : submitLabel}</button>
      </div>
    </form>
  );
}
