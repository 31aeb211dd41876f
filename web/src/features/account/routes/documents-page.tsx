// /meine-dokumente: the three document kinds of the sedcard (business licence, certificate of
// enrolment, other documents such as CV or health certificate), PDF or image, with a progress bar.
import { useState } from 'react';
import { api } from '@/shared/api/client';
import form from '@/shared/ui/form.module.css';
import type { ProfileDocument } from '../api/account-api';
import { useProfile } from '../api/use-profile';
import { AccountFrame } from '../components/account-frame';
import { UploadForm } from '../components/upload-form';
import { labelOf, type Option } from '../lib/options';
import styles from './account-pages.module.css';

const KINDS: Option[] = [
  ['business_license', 'Gewerbeschein'],
  ['certificate_of_enrollment', 'Immatrikulationsbescheinigung'],
  ['misc', 'Weiteres Dokument'],
];
const MISC_TYPES: Option[] = [
  ['cv', 'Lebenslauf'], ['certificate', 'Zeugnis'], ['health_certificate', 'Gesundheitszeugnis'], ['criminal_record', 'Führungszeugnis'],
  ['identification_card', 'Ausweis'], ['driving_license', 'Führerschein'], ['work_permit', 'Arbeitserlaubnis'], ['tax_card', 'Steuerkarte'],
  ['tax_confirmation', 'Steuerbescheinigung'], ['bfa_befreiung', 'Befreiung von der Rentenversicherungspflicht'], ['misc', 'Sonstiges'],
];
const ALL_TYPES: Option[] = [...MISC_TYPES, ['business_license', 'Gewerbeschein'], ['enrollment_certificate', 'Immatrikulationsbescheinigung']];
const MAX_DOCUMENT_BYTES = 20 * 1024 * 1024;
const pdfOrImage = (file: File) =>
  file.type && file.type !== 'application/pdf' && !file.type.startsWith('image/') ? 'Die Datei muss ein PDF oder ein Bild sein.' : null;

export function DocumentsPage() {
  return <AccountFrame title="Meine Dokumente">{(user) => <Documents profileId={user.profileId} />}</AccountFrame>;
}

function Documents({ profileId }: { profileId: number }) {
  const { data: profile, refetch } = useProfile(profileId);
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
        onDone={() => void refetch()}
        submitLabel="Dokument hochladen"
      />
      {error && <p className={form.error} role="alert">{error}</p>}
      <ul className={styles.list} aria-label="Deine Dokumente">
        {documents.map((d) => (
          <li key={d.id} className={styles.row}>
            <h3>{labelOf(ALL_TYPES, d.type)}</h3>
            {d.attachments?.map((a) => (
              <a key={a.id} href={`/api/profile_document_attachments/${a.id}/file`}>{a.fileName ?? 'Datei'}</a>
            ))}
            <button type="button" className={form.secondary} onClick={() => void remove(d.id)}>Löschen</button>
          </li>
        ))}
      </ul>
      {profile && documents.length === 0 && <p>Du hast noch keine Dokumente hochgeladen.</p>}
    </div>
  );
}
