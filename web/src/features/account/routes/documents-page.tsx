// /meine-dokumente: the three document kinds of the sedcard (business licence, certificate of
// enrolment, other documents such as CV or health certificate), PDF or image, with a progress bar.
// Each document can be edited (type, valid from / until or open-ended, notes; PATCH as a form)
// and gets attachments added and removed.
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useMutationForm } from '@/shared/forms/use-mutation-form';
import form from '@/shared/ui/form.module.css';
import { track } from '@/shared/tracking/track';
import type { ProfileDocument } from '@/shared/api/candidate-profile';
import { uploadFile } from '../api/upload';
import { useCandidateProfile } from '@/shared/api/candidate-profile';
import { AccountFrame } from '../components/account-frame';
import { UploadForm } from '../components/upload-form';
import { KindSelect, useRemoveUpload } from '../components/upload-parts';
import { DOCUMENT_KINDS, DOCUMENT_TYPES, labelOf, MISC_DOCUMENT_TYPES } from '../lib/options';
import styles from './account-pages.module.css';

const KINDS = DOCUMENT_KINDS;
const MISC_TYPES = MISC_DOCUMENT_TYPES;
const ALL_TYPES = DOCUMENT_TYPES;
const MAX_DOCUMENT_BYTES = 20 * 1024 * 1024;
const pdfOrImage = (file: File) =>
  file.type && file.type !== 'application/pdf' && !file.type.startsWith('image/') ? 'Die Datei muss ein PDF oder ein Bild sein.' : null;

export function DocumentsPage() {
  return <AccountFrame title="Meine Dokumente">{(user) => <Documents profileId={user.profileId} />}</AccountFrame>;
}

function Documents({ profileId }: { profileId: number }) {
  const { data: profile, refetch } = useCandidateProfile(profileId);
  const [kind, setKind] = useState('misc');
  const [type, setType] = useState('cv');
  const documents: ProfileDocument[] = profile
    ? [...profile.profileDocumentBusinessLicense, ...profile.profileDocumentCertificateOfEnrollment, ...profile.profileDocumentsMisc]
    : [];
  const { remove, error } = useRemoveUpload(
    '/profile_documents',
    'profile_document_changed',
    'Das Dokument konnte gerade nicht gelöscht werden. Bitte versuche es später noch einmal.',
    () => void refetch(),
  );
  const endpoint = kind === 'business_license' ? 'profile_documents_business_license'
    : kind === 'certificate_of_enrollment' ? 'profile_documents_certificate_of_enrollment' : 'profile_documents_misc';
  return (
    <div className={styles.stack}>
      <p>Lade Nachweise als PDF oder Foto hoch (bis 20 MB). Jobanbieter sehen sie erst, wenn du dich bewirbst.</p>
      <UploadForm
        label="Dokument auswählen"
        accept="application/pdf,image/jpeg,image/png,image/webp"
        maxBytes={MAX_DOCUMENT_BYTES}
        check={pdfOrImage}
        target={() => ({ path: `/${endpoint}`, fields: kind === 'misc' ? { type } : ({} as Record<string, string>) })}
        extra={
          <>
            <KindSelect id="document-kind" label="Art des Dokuments" options={KINDS} value={kind} onChange={setKind} />
            {kind === 'misc' && <KindSelect id="document-type" label="Dokument" options={MISC_TYPES} value={type} onChange={setType} />}
          </>
        }
        onDone={() => {
          track('profile_document_changed', { type: 'added' });
          void refetch();
        }}
        submitLabel="Dokument hochladen"
      />
      {error && <p className={form.error} role="alert">{error}</p>}
      <ul className={styles.list} aria-label="Deine Dokumente">
        {documents.map((d) => (
          <li key={d.id} className={styles.row}>
            <h3>{labelOf(ALL_TYPES, d.type)}</h3>
            <p>{validity(d)}</p>
            <DocumentEditor document={d} onChanged={() => void refetch()} />
            <button type="button" className={form.secondary} onClick={() => void remove(d.id)}>Löschen</button>
          </li>
        ))}
      </ul>
      {profile && documents.length === 0 && <p>Du hast noch keine Dokumente hochgeladen.</p>}
    </div>
  );
}

const dateFormat = new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeZone: 'Europe/Berlin' });
const day = (value: unknown) => (typeof value === 'string' && value ? dateFormat.format(new Date(`${value.slice(0, 10)}T12:00:00Z`)) : '');

/** "Gültig vom 1. Jan. 2026 bis 31. Dez. 2026", "… unbefristet", or nothing known. */
export function validity(d: ProfileDocument): string {
  const from = day(d.validFrom);
  const until = d.validOpenEnded ? 'unbefristet' : day(d.validUntil);
  if (!from && !until) return 'Gültigkeit: keine Angabe';
  return `Gültig${from ? ` ab ${from}` : ''}${until === 'unbefristet' ? ', unbefristet' : until ? ` bis ${until}` : ''}`;
}

/** The editor's fields; `keep` holds one checkbox per attachment ("a12": keep attachment 12). */
type DocumentValues = {
  type: string;
  validFrom: string;
  validUntil: string;
  validOpenEnded: boolean;
  notes: string;
  keep: Record<string, boolean>;
  file: FileList | null;
};

const dateOf = (value: unknown) => (typeof value === 'string' ? value.slice(0, 10) : '');
const SAVE_FAILED = 'Das Dokument konnte gerade nicht gespeichert werden.';

/** The PATCH as a form: the fields, which attachments stay, and a further file. */
function documentPatch(d: ProfileDocument, misc: boolean, v: DocumentValues): FormData {
  const body = new FormData();
  if (misc && v.type) body.set('type', v.type);
  body.set('validFrom', v.validFrom);
  body.set('validUntil', v.validOpenEnded ? '' : v.validUntil);
  body.set('notes', v.notes);
  body.set('validOpenEnded', v.validOpenEnded ? '1' : '0');
  // attachmentsToKeep names the files that stay; an empty entry alone removes them all.
  const keep = (d.attachments ?? []).filter((a) => v.keep[`a${a.id}`]);
  if (keep.length === 0) body.append('attachmentsToKeep[]', '');
  for (const a of keep) body.append('attachmentsToKeep[]', String(a.id));
  const file = v.file?.[0];
  if (file && file.size > 0) body.append('file', file);
  return body;
}

/** Edits one document: type (other documents), validity, notes, attachments. */
function DocumentEditor({ document: d, onChanged }: { document: ProfileDocument; onChanged: () => void }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const misc = MISC_TYPES.some(([v]) => v === d.type);
  const label = labelOf(ALL_TYPES, d.type);
  const save = useMutation({
    mutationFn: (values: DocumentValues) => uploadFile(`/profile_documents/${d.id}`, documentPatch(d, misc, values), () => undefined, 'PATCH'),
  });
  const { form: rhf, ref, onSubmit, busy, error, refusal } = useMutationForm<DocumentValues>({
    mutation: save,
    defaultValues: {
      type: d.type,
      validFrom: dateOf(d.validFrom),
      validUntil: dateOf(d.validUntil),
      validOpenEnded: Boolean(d.validOpenEnded),
      notes: typeof d.notes === 'string' ? d.notes : '',
      keep: Object.fromEntries((d.attachments ?? []).map((a) => [`a${a.id}`, true])),
      file: null,
    },
    onSuccess: () => {
      track('profile_document_changed', { type: 'edited' });
      setOpen(false);
      onChanged();
    },
  });
  const openEnded = rhf.watch('validOpenEnded');
  const fieldError = (name: 'type' | 'validFrom' | 'validUntil' | 'notes' | 'file') => {
    const message = error(name);
    return message && <p id={`${id}-${name}-error`} className={form.error}>{message}</p>;
  };
  const invalid = (name: 'type' | 'validFrom' | 'validUntil' | 'notes' | 'file') =>
    error(name) ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-${name}-error` } : {};

  if (!open)
    return (
      <>
        {d.attachments?.map((a) => (
          <a key={a.id} href={`/api/profile_document_attachments/${a.id}/file`}>{a.fileName ?? 'Datei'}</a>
        ))}
        <button type="button" className={form.secondary} onClick={() => setOpen(true)} aria-label={`${label} bearbeiten`}>
          Bearbeiten
        </button>
      </>
    );
  return (
    <form ref={ref} onSubmit={onSubmit} aria-label={`${label} bearbeiten`} noValidate>
      {misc && (
        <div className={form.field}>
          <label htmlFor={`${id}-type`}>Dokument</label>
          <select id={`${id}-type`} {...invalid('type')} {...rhf.register('type')}>
            {MISC_TYPES.map(([v, l]) => <option key={v} value={v}>{l}</option>)}
          </select>
          {fieldError('type')}
        </div>
      )}
      <div className={form.row}>
        <div className={form.field}>
          <label htmlFor={`${id}-from`}>Gültig ab</label>
          <input id={`${id}-from`} type="date" {...invalid('validFrom')} {...rhf.register('validFrom')} />
          {fieldError('validFrom')}
        </div>
        <div className={form.field}>
          <label htmlFor={`${id}-until`}>Gültig bis</label>
          <input id={`${id}-until`} type="date" disabled={openEnded} {...invalid('validUntil')} {...rhf.register('validUntil')} />
          {fieldError('validUntil')}
        </div>
      </div>
      <label>
        <input type="checkbox" {...rhf.register('validOpenEnded')} /> Unbefristet gültig
      </label>
      <div className={form.field}>
        <label htmlFor={`${id}-notes`}>Notiz</label>
        <textarea id={`${id}-notes`} rows={2} maxLength={2000} {...invalid('notes')} {...rhf.register('notes')} />
        {fieldError('notes')}
      </div>
      {(d.attachments ?? []).length > 0 && (
        <fieldset>
          <legend>Dateien behalten</legend>
          {d.attachments?.map((a) => (
            <label key={a.id} style={{ display: 'block' }}>
              <input type="checkbox" {...rhf.register(`keep.a${a.id}`)} /> {a.fileName ?? 'Datei'}
            </label>
          ))}
        </fieldset>
      )}
      <div className={form.field}>
        <label htmlFor={`${id}-file`}>Weitere Datei hinzufügen</label>
        <input id={`${id}-file`} type="file" accept="application/pdf,image/jpeg,image/png,image/webp" {...invalid('file')} {...rhf.register('file')} />
        {fieldError('file')}
      </div>
      {refusal !== undefined && <p className={form.error} role="alert">{refusal || SAVE_FAILED}</p>}
      <div className={form.row}>
        <button type="submit" className={form.button} disabled={busy}>Speichern</button>
        <button type="button" className={form.secondary} onClick={() => setOpen(false)}>Abbrechen</button>
      </div>
    </form>
  );
}
