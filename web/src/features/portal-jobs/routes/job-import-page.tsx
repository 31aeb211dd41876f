// /recruiting/portal/stellen-importieren: "Stellen importieren" (docs/reach.md, "Import"). The
// provider downloads the CSV template, chooses a CSV or Indeed XML file, "Prüfen" shows per row
// what the import would do (angelegt / aktualisiert / abgelehnt, with the server's German message
// per column), and "Importieren" imports the good rows of the same file. One form
// (useMutationForm), one mutation; which button was pressed is the `dryRun` value.
import { useState, type MouseEvent } from 'react';
import { Link } from 'react-router';
import { useMutationForm } from '@/shared/forms/use-mutation-form';
import type { Rule } from '@/shared/validation';
import form from '@/shared/ui/form.module.css';
import { PortalFrame } from '@/shared/portal/portal-frame';
import type { OrganizationMember } from '@/shared/portal/member';
import styles from '@/shared/portal/portal.module.css';
import { portalPath } from '@/shared/portal/paths';
import { importTemplateUrl, useJobImport, type ImportAnswer, type ImportAction, type ImportValues } from '../api/job-imports';

const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

export const IMPORT_ACTION_WORDS: Record<ImportAction, [dryRun: string, done: string]> = {
  create: ['wird angelegt', 'angelegt'],
  update: ['wird aktualisiert', 'aktualisiert'],
  refuse: ['wird abgelehnt', 'abgelehnt'],
};

/** A file is chosen, and it is at most 5 MB (the server's bound; it checks again). */
const importFile: Rule = (value) => {
  const files = value as unknown as FileList | undefined;
  const file = files?.[0];
  if (!file) return 'Bitte wählen Sie eine Datei aus.';
  return file.size > MAX_IMPORT_BYTES ? 'Die Datei ist zu groß. Eine Importdatei darf höchstens 5 MB groß sein.' : null;
};

export function JobImportPage() {
  return <PortalFrame title="Stellen importieren">{(member) => <JobImport member={member} />}</PortalFrame>;
}

function JobImport({ member }: { member: OrganizationMember }) {
  const organizationId = member.organization.id;
  const mutation = useJobImport(organizationId);
  const [answer, setAnswer] = useState<ImportAnswer>();
  const f = useMutationForm<ImportValues, ImportAnswer>({
    mutation,
    defaultValues: { file: undefined, dryRun: true },
    rules: { file: [importFile] },
    onSuccess: (data) => setAnswer(data),
  });
  const chosen = f.form.watch('file');
  // A new file clears the answer (the input's onChange), so a dry run's answer is this file's.
  const checkedThisFile = answer?.dryRun === true;

  // Which button: the dry run or the import of the file the dry run checked.
  const submitAs = (dryRun: boolean) => (event: MouseEvent) => {
    f.form.setValue('dryRun', dryRun);
    void f.onSubmit(event);
  };

  if (!member.canAct) return <p>Ihr Unternehmen kann gerade keine Stellen importieren.</p>;
  return (
    <>
      <p>
        Laden Sie viele Stellen auf einmal hoch: als CSV-Datei (zum Beispiel aus Excel) oder als XML-Datei im Indeed-Format. Eine Zeile
        ist eine Stelle; eine Stelle mit einer Referenznummer, die Sie schon importiert haben, wird aktualisiert statt doppelt angelegt.
        Höchstens 2.000 Zeilen und 5 MB pro Datei.
      </p>
      <p>
        <a className={form.secondary} href={importTemplateUrl(organizationId)} download>
          Vorlage herunterladen (CSV)
        </a>
      </p>
      <form ref={f.ref} onSubmit={(e) => e.preventDefault()} noValidate>
        <label className={form.label}>
          Datei (CSV oder XML)
          <input
            type="file"
            accept=".csv,.xml,text/csv,application/xml,text/xml"
            {...f.form.register('file', { onChange: () => setAnswer(undefined) })}
            aria-invalid={f.error('file') ? true : undefined}
          />
        </label>
        {f.error('file') && (
          <p className={form.error} role="alert">
            {f.error('file')}
          </p>
        )}
        {f.refusal !== undefined && f.refusal !== '' && (
          <p className={form.error} role="alert">
            {f.refusal}
          </p>
        )}
        {f.failed && f.refusal === '' && (
          <p className={form.error} role="alert">
            Die Datei konnte gerade nicht geprüft werden. Bitte versuchen Sie es noch einmal.
          </p>
        )}
        <div className={form.row}>
          <button type="submit" className={form.secondary} disabled={f.busy || !chosen?.length} onClick={submitAs(true)}>
            {f.busy && f.form.getValues('dryRun') ? 'Wird geprüft …' : 'Prüfen'}
          </button>
          <button
            type="submit"
            className={form.yellow}
            disabled={f.busy || !checkedThisFile || (answer?.counts.create ?? 0) + (answer?.counts.update ?? 0) === 0}
            onClick={submitAs(false)}
          >
            {f.busy && !f.form.getValues('dryRun') ? 'Wird importiert …' : 'Importieren'}
          </button>
        </div>
      </form>
      {answer && <ImportResult answer={answer} />}
    </>
  );
}

function ImportResult({ answer }: { answer: ImportAnswer }) {
  const { create, update, refuse } = answer.counts;
  const when = answer.dryRun ? 0 : 1;
  return (
    <section aria-label={answer.dryRun ? 'Ergebnis der Prüfung' : 'Ergebnis des Imports'}>
      <p role="status">
        {answer.dryRun
          ? `Prüfung: ${create} Stellen werden angelegt, ${update} aktualisiert, ${refuse} abgelehnt. Noch ist nichts gespeichert.`
          : `Import abgeschlossen: ${create} Stellen angelegt, ${update} aktualisiert, ${refuse} abgelehnt.`}
      </p>
      {!answer.dryRun && (
        <p>
          <Link to={portalPath.jobs()}>Zu Ihren Stellenanzeigen</Link>
        </p>
      )}
      {answer.ignoredColumns.length > 0 && <p className={styles.meta}>Nicht importiert (unbekannte Spalten): {answer.ignoredColumns.join(', ')}</p>}
      <table>
        <thead>
          <tr>
            <th scope="col">Zeile</th>
            <th scope="col">Referenznummer</th>
            <th scope="col">Ergebnis</th>
            <th scope="col">Hinweise</th>
          </tr>
        </thead>
        <tbody>
          {answer.rows.map((r) => (
            <tr key={r.row}>
              <td>{r.row}</td>
              <td>{r.reference}</td>
              <td>{IMPORT_ACTION_WORDS[r.action][when]}</td>
              <td>
                {Object.entries(r.errors).map(([column, message]) => (
                  <div key={column}>
                    {column}: {message}
                  </div>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
