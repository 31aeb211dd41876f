// /recruiting/portal/arbeitszeiten: the organization's worked hours of one month ("Sie"; issue 43,
// docs/shifts.md "Time recording"): per worker and shift the times as they stand, the candidate's
// entry and objection, and "Bestätigen", "Korrigieren" (start, end, break; the candidate is told
// by mail) and "Nicht erschienen"; after approved hours the team's own rating of the worker's
// reliability (1–5 and a short note, once per shift, never shown to the candidate); the month as
// CSV, the § 17 MiLoG record. The month lives in the address (?monat=YYYY-MM).
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { dateLabel, hoursLabel, timesLabel, type TimeRecord } from '@/shared/api/time-records';
import form from '@/shared/ui/form.module.css';
import { PageLoading } from '@/shared/ui/page-loading';
import { TextField } from '@/shared/ui/text-field';
import type { OrganizationMember } from '@/shared/portal/member';
import {
  berlinMonth,
  organizationTimeRecordsQueryOptions,
  timeRecordsCsvUrl,
  useReliabilityRating,
  useTimeDecision,
} from '../api/time-records';
import { MonthStepper } from '@/shared/portal/month-stepper';
import { PortalFrame } from '@/shared/portal/portal-frame';
import { monthTitle } from '@/shared/portal/months';
import styles from '@/shared/portal/portal.module.css';
import { providerMessage } from '@/shared/portal/messages';
import { useMutationForm } from '@/shared/forms/use-mutation-form';

const STATUS: Record<TimeRecord['status'], string> = {
  open: 'noch nicht eingetragen',
  entered: 'eingetragen, wartet auf Ihre Prüfung',
  approved: 'bestätigt',
  corrected: 'korrigiert',
  no_show: 'nicht erschienen',
};


export function TimeRecordsPage() {
  return <PortalFrame title="Arbeitszeiten">{(member) => <TimeRecords member={member} />}</PortalFrame>;
}

function TimeRecords({ member }: { member: OrganizationMember }) {
  const [params, setParams] = useSearchParams();
  const requested = params.get('monat') ?? '';
  const month = /^\d{4}-\d{2}$/.test(requested) ? requested : berlinMonth();
  const org = member.organization.id;
  const records = useQuery(organizationTimeRecordsQueryOptions(org, month));
  const go = (m: string) => setParams({ monat: m });
  return (
    <>
      <p>
        Nach jedem Einsatz tragen Ihre Kräfte Beginn, Ende und Pause ein. Bitte prüfen Sie die Zeiten innerhalb von sieben Tagen: danach
        bestätigen wir offene Einträge automatisch, damit Ihre Aufzeichnung nach § 17 Mindestlohngesetz vollständig ist.
      </p>
      <MonthStepper month={month} onChange={go} />
      <p>
        <a className={form.secondary} href={timeRecordsCsvUrl(org, month)} download>
          Arbeitszeiten {monthTitle(month)} als CSV herunterladen
        </a>
      </p>
      {records.isPending && <PageLoading />}
      {records.isError && <p role="alert">{providerMessage(records.error, 'Die Arbeitszeiten konnten gerade nicht geladen werden.')}</p>}
      {records.data && records.data['hydra:member'].length === 0 && <p>In diesem Monat gibt es keine beendeten Einsätze.</p>}
      {records.data && records.data['hydra:member'].length > 0 && (
        <ul className={styles.jobs}>
          {records.data['hydra:member'].map((r) => (
            <RecordEntry key={r.shiftApplication} record={r} canAct={member.canAct} />
          ))}
        </ul>
      )}
    </>
  );
}

// The scanned times beside the entered ones: "Eingecheckt 10:02, ausgecheckt 18:11 (QR)".
function scanLabel(scan: NonNullable<TimeRecord['scan']>): string {
  return scan.checkedOut ? `Eingecheckt ${scan.checkedIn}, ausgecheckt ${scan.checkedOut} (QR)` : `Eingecheckt ${scan.checkedIn}, nicht ausgecheckt (QR)`;
}

function RecordEntry({ record, canAct }: { record: TimeRecord; canAct: boolean }) {
  const decide = useTimeDecision();
  const [correcting, setCorrecting] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const run = (decision: Parameters<typeof decide.mutate>[0]['decision']) => {
    setMessage(null);
    decide.mutate({ shiftApplication: record.shiftApplication, decision }, { onError: (e) => setMessage(providerMessage(e)) });
  };
  const shown = record.status !== 'open' || record.proposed;
  return (
    <li className={styles.job} aria-label={`${record.workerName}, ${dateLabel(record.date)}`}>
      <h3>
        {record.workerName} – {dateLabel(record.date)}
      </h3>
      <p className={styles.meta}>
        {record.job.title} · geplant {record.planned.start}–{record.planned.end} Uhr · {STATUS[record.status]}
        {record.autoApproved ? ' (automatisch nach 7 Tagen)' : ''}
      </p>
      <p>
        {shown ? timesLabel(record) : 'Noch keine Zeiten (der Vorschlag mit den geplanten Zeiten folgt sechs Stunden nach dem Ende).'}
        {shown && record.status !== 'no_show' ? ` · ${hoursLabel(record.workedMinutes)}` : ''}
        {record.status === 'open' && record.proposed ? ' (Vorschlag: geplante Zeiten)' : ''}
      </p>
      {record.scan && <p>{scanLabel(record.scan)}</p>}
      {record.candidateEntry && record.status === 'corrected' && (
        <p>
          Angabe der Kraft: {record.candidateEntry.start}–{record.candidateEntry.end} Uhr, {record.candidateEntry.breakMinutes} Min. Pause
        </p>
      )}
      {record.objectedAt && <p>Widerspruch{record.objection ? `: „${record.objection}“` : ' eingelegt'}</p>}
      {message && <p role="alert">{message}</p>}
      {canAct && (
        <div className={form.row}>
          {record.status !== 'approved' && shown && (
            <button type="button" onClick={() => run({ status: 'approved' })} disabled={decide.isPending}>
              Bestätigen
            </button>
          )}
          <button type="button" onClick={() => setCorrecting(!correcting)}>
            Korrigieren
          </button>
          {record.status !== 'no_show' && (
            <button type="button" onClick={() => run({ status: 'no_show' })} disabled={decide.isPending}>
              Nicht erschienen
            </button>
          )}
        </div>
      )}
      {correcting && <CorrectionForm record={record} onDone={() => setCorrecting(false)} />}
      {record.reliabilityRating && (
        <p>
          Ihre Bewertung der Zuverlässigkeit: {record.reliabilityRating.stars} von 5
          {record.reliabilityRating.comment ? ` – „${record.reliabilityRating.comment}“` : ''} (nur für Ihr Team sichtbar)
        </p>
      )}
      {canAct && record.canRateReliability && <ReliabilityForm record={record} />}
    </li>
  );
}

type Correction = { start: string; end: string; breakMinutes: string };

function CorrectionForm({ record, onDone }: { record: TimeRecord; onDone: () => void }) {
  const decide = useTimeDecision();
  const { ref, onSubmit, busy, field, refusal } = useMutationForm<Correction>({
    mutation: {
      isPending: decide.isPending,
      mutateAsync: ({ start, end, breakMinutes }) =>
        decide.mutateAsync({ shiftApplication: record.shiftApplication, decision: { status: 'corrected', start, end, breakMinutes: Number.parseInt(breakMinutes, 10) || 0 } }),
    },
    defaultValues: { start: record.start ?? record.planned.start, end: record.end ?? record.planned.end, breakMinutes: String(record.breakMinutes) },
    onSuccess: onDone,
    describe: (failure) => providerMessage(failure),
  });
  return (
    <form ref={ref} onSubmit={onSubmit} noValidate aria-label={`Zeiten korrigieren: ${record.workerName}`}>
      <div className={form.row}>
        <TextField label="Beginn" type="time" {...field('start')} />
        <TextField label="Ende" type="time" {...field('end')} />
        <TextField label="Pause in Minuten" type="number" min={0} max={1440} {...field('breakMinutes')} />
      </div>
      {refusal !== undefined && <p role="alert">{refusal}</p>}
      <button type="submit" className={form.yellow} disabled={busy}>
        Korrektur speichern
      </button>
    </form>
  );
}

// Once per shift after approved hours; the note stays inside the organization (docs/shifts.md).
function ReliabilityForm({ record }: { record: TimeRecord }) {
  const rate = useReliabilityRating();
  const { form: state, ref, onSubmit, busy, field, error, refusal } = useMutationForm({
    mutation: {
      isPending: rate.isPending,
      mutateAsync: ({ stars, comment }: { stars: string; comment: string }) =>
        rate.mutateAsync({ shiftApplication: record.shiftApplication, stars: Number.parseInt(stars, 10) || 0, comment: comment.trim() }),
    },
    defaultValues: { stars: '', comment: '' },
    describe: (failure) => providerMessage(failure),
  });
  const id = `reliability-${record.shiftApplication}`;
  return (
    <form ref={ref} onSubmit={onSubmit} noValidate aria-label={`Zuverlässigkeit bewerten: ${record.workerName}`}>
      <div className={form.row}>
        <label htmlFor={`${id}-stars`}>Zuverlässigkeit</label>
        <select id={`${id}-stars`} {...state.register('stars')} aria-invalid={error('stars') ? true : undefined}>
          <option value="">Bitte wählen</option>
          {[5, 4, 3, 2, 1].map((n) => (
            <option key={n} value={n}>
              {n} von 5
            </option>
          ))}
        </select>
        <TextField label="Notiz (optional, nur für Ihr Team)" maxLength={500} {...field('comment')} />
      </div>
      {error('stars') && <p role="alert">{error('stars')}</p>}
      {refusal !== undefined && <p role="alert">{refusal}</p>}
      <button type="submit" className={form.secondary} disabled={busy}>
        Bewertung speichern
      </button>
    </form>
  );
}
