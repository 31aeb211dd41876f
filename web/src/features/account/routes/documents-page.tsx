// /meine-dokumente: the three document kinds of the sedcard (business licence, certificate of
// enrolment, other documents such as CV or health certificate), PDF or image, with a progress bar.
// Each document can be edited (type, valid from / until or open-ended, notes; PATCH as a form)
// and gets attachments added and removed.
import { useId, useState, type FormEvent } from 'react';
import { api } from '@/shared/api/client';
import form from '@/shared/ui/form.module.css';
import { track } from '@/shared/tracking/track';
import type { ProfileDocument } from '@/shared/api/candidate-profile';
import { uploadFile } from '../api/upload';
import { useCandidateProfile } from '@/shared/api/candidate-profile';
import { AccountFrame } from '../components/account-frame';
import { UploadForm } from '../components/upload-form';
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
  const [error, setError] = useState('');
  const documents: ProfileDocument[] = profile
    ? [...profile.profileDocumentBusinessLicense, ...profile.profileDocumentCertificateOfEnrollment, ...profile.profileDocumentsMisc]
    : [];
  async function remove(id: number) {
    setError('');
    try {
      await api.delete(`/profile_documents/${id}`);
      track('profile_document_changed', { type: 'deleted' });
      void refetch();
    } catch {
      setError('Das Dokument konnte gerade nicht gelöscht werden. Bitte versuche es später noch einmal.');
    }
  }
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
            <div className={form.field}>
              <label htmlFor="document-kind">Art des Dokuments</label>
              <select id="document-kind" value={kind} onChange={(e) => setKind(e.target.value)}>
                {KINDS.map(([v, l]) => <option key={v} value={v}>{l}</option>)}
              </select>
            </div>
            {kind === 'misc' && (
              <div className={form.field}>
                <label htmlFor="document-type">Dokument</label>
                <select id="document-type" value={type} onChange={(e) => setType(e.target.value)}>
                  {MISC_TYPES.map(([v, l]) => <option key={v} value={v}>{l}</option>)}
                </select>
              </div>
            )}
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

/** Edits one document: type (other documents), validity, notes, attachments. */
function DocumentEditor({ document: d, onChanged }: { document: ProfileDocument; onChanged: () => void }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [openEnded, setOpenEnded] = useState(Boolean(d.validOpenEnded));
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const misc = MISC_TYPES.some(([v]) => v === d.type);
  const label = labelOf(ALL_TYPES, d.type);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = new FormData(event.currentTarget);
    const body = new FormData();
    for (const key of ['type', 'validFrom', 'validUntil', 'notes']) {
      const value = values.get(key);
      if (typeof value === 'string' && (value || key !== 'type')) body.set(key, value);
    }
    body.set('validOpenEnded', openEnded ? '1' : '0');
    if (openEnded) body.set('validUntil', '');
    // attachmentsToKeep names the files that stay; an empty entry alone removes them all.
    const keep = (d.attachments ?? []).filter((a) => values.get(`keep-${a.id}`) === 'on');
    if (keep.length === 0) body.append('attachmentsToKeep[]', '');
    for (const a of keep) body.append('attachmentsToKeep[]', String(a.id));
    const file = values.get('file');
    if (file instanceof File && file.size > 0) body.append('file', file);
    setBusy(true);
    setError('');
    try {
      await uploadFile(`/profile_documents/${d.id}`, body, () => undefined, 'PATCH');
      track('profile_document_changed', { type: 'edited' });
      setOpen(false);
      onChanged();
    } catch (failure) {
      const violations = (failure as { body?: { violations?: { message: string }[]; message?: string } }).body;
      setError(violations?.violations?.map((v) => v.message).join(' ') || violations?.message || 'Das Dokument konnte gerade nicht gespeichert werden.');
    } finally {
      setBusy(false);
    }
  }

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
  const date = (value: unknown) => (typeof value === 'string' ? value.slice(0, 10) : '');
  return (
    <form onSubmit={save} aria-label={`${label} bearbeiten`}>
      {misc && (
        <div className={form.field}>
          <label htmlFor={`${id}-type`}>Dokument</label>
          <select id={`${id}-type`} name="type" defaultValue={d.type}>
            {MISC_TYPES.map(([v, l]) => <option key={v} value={v}>{l}</option>)}
          </select>
        </div>
      )}
      <div className={form.row}>
        <div className={form.field}>
          <label htmlFor={`${id}-from`}>Gültig ab</label>
          <input id={`${id}-from`} type="date" name="validFrom" defaultValue={date(d.validFrom)} />
        </div>
        <div className={form.field}>
          <label htmlFor={`${id}-until`}>Gültig bis</label>
          <input id={`${id}-until`} type="date" name="validUntil" defaultValue={date(d.validUntil)} disabled={openEnded} />
        </div>
      </div>
      <label>
        <input type="checkbox" checked={openEnded} onChange={(e) => setOpenEnded(e.target.checked)} /> Unbefristet gültig
      </label>
      <div className={form.field}>
        <label htmlFor={`${id}-notes`}>Notiz</label>
        <textarea id={`${id}-notes`} name="notes" rows={2} defaultValue={typeof d.notes === 'string' ? d.notes : ''} maxLength={2000} />
      </div>
      {(d.attachments ?? []).length > 0 && (
        <fieldset>
          <legend>Dateien behalten</legend>
          {d.attachments?.map((a) => (
            <label key={a.id} style={{ display: 'block' }}>
              <input type="checkbox" name={`keep-${a.id}`} defaultChecked /> {a.fileName ?? 'Datei'}
            </label>
          ))}
        </fieldset>
      )}
      <div className={form.field}>
        <label htmlFor={`${id}-file`}>Weitere Datei hinzufügen</label>
        <input id={`${id}-file`} type="file" name="file" accept="application/pdf,image/jpeg,image/png,image/webp" />
      </div>
      {error && <p className={form.error} role="alert">{error}</p>}
      <div className={form.row}>
        <button type="submit" className={form.button} disabled={busy}>Speichern</button>
        <button type="button" className={form.secondary} onClick={() => setOpen(false)}>Abbrechen</button>
      </div>
    </form>
  );
}
