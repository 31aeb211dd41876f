// /meine-arbeitszeitgrenzen: what applies to the candidate's work (Minijob, kurzfristige
// Beschäftigung, Werkstudent, Schüler, Rentner, keine Angabe), saved when chosen, and where the
// confirmed shifts put them this month, year or week against the figure of that year
// (GET/PATCH /candidate_accounts/me/work_limits, docs/shifts.md "Work limits"). Guidance, not
// legal advice: the page says so in the server's words.
import { useId } from 'react';
import { WORK_LIMIT_STATUSES, type WorkLimitPeriod, type WorkLimits, type WorkLimitStatus } from '@/shared/api/work-limits';
import { PageLoading } from '@/shared/ui/page-loading';
import { useStateWorkLimits, useWorkLimits } from '../api/work-limits';

const WHAT_COUNTS: Record<WorkLimitStatus, string> = {
  none: 'Wähle aus, was für dich gilt. Dann zählen wir deine bestätigten Einsätze mit.',
  minijob: 'Wir zählen deinen Verdienst aus bestätigten Einsätzen pro Kalendermonat (Stunden × Stundenlohn des Einsatzes oder des Jobs).',
  short_term: 'Wir zählen die Tage mit bestätigten Einsätzen pro Kalenderjahr. Eine Nachtschicht zählt als ein Arbeitstag.',
  working_student: 'Wir zählen die Stunden deiner bestätigten Einsätze pro Woche (Montag bis Sonntag), solange Vorlesungszeit ist.',
  pupil: 'Für Schülerinnen und Schüler zählen wir keine Grenze. Wenn du unter 18 bist, gilt das Jugendarbeitsschutzgesetz.',
  pensioner: 'Für eine Altersrente gibt es seit 2023 keine Hinzuverdienstgrenze mehr; wir zählen deshalb nichts.',
};

const PERIOD_NAME: Record<WorkLimitPeriod['measure'], string> = {
  minijob_month: 'Dieser Monat',
  short_term_year: 'Dieses Jahr',
  student_week: 'Diese Woche',
};

function PeriodLine({ period }: { period: WorkLimitPeriod }) {
  const name = period.current ? `${PERIOD_NAME[period.measure]} (${period.label})` : period.label;
  return (
    <li>
      <strong>{name}:</strong> {period.valueText} von {period.limitText}
      {period.over ? <strong> – über der Grenze</strong> : null}
      {period.unknownPay > 0
        ? ` (bei ${period.unknownPay} ${period.unknownPay === 1 ? 'Einsatz' : 'Einsätzen'} kennen wir den Lohn nicht; sie zählen mit 0 €)`
        : null}
    </li>
  );
}

function Standing({ limits }: { limits: WorkLimits }) {
  if (!limits.measure) {
    return limits.status === 'working_student' ? (
      <p>In den Semesterferien gilt die 20-Stunden-Grenze nicht; wir zählen deshalb gerade nichts.</p>
    ) : null;
  }
  return (
    <section aria-labelledby="stand">
      <h2 id="stand">So stehst du</h2>
      <ul aria-label="Dein Stand">
        {limits.periods.map((p) => (
          <PeriodLine key={p.key} period={p} />
        ))}
      </ul>
      {limits.measure === 'minijob_month' && limits.overrunMonths > 0 ? (
        <p>
          In {limits.overrunMonths} {limits.overrunMonths === 1 ? 'Monat' : 'Monaten'} der letzten zwölf Monate lag dein Verdienst über der
          Grenze. Erlaubt ist das nur gelegentlich und unvorhersehbar: in höchstens zwei Monaten eines Zeitjahres, jeweils bis zum Doppelten
          der Grenze.
        </p>
      ) : null}
    </section>
  );
}

export function WorkLimitsPage() {
  const limits = useWorkLimits();
  const save = useStateWorkLimits();
  const id = useId();
  if (limits.isPending) return <PageLoading />;
  if (limits.isError) return <p role="alert">Deine Arbeitszeitgrenzen konnten gerade nicht geladen werden. Bitte lade die Seite neu.</p>;
  const data = save.data ?? limits.data;
  // While a choice is being saved it shows as made (the answer then draws the rest).
  const status = (save.isPending && save.variables?.status) || data.status;
  const lecturePeriod = save.isPending && save.variables?.lecturePeriod !== undefined ? save.variables.lecturePeriod : data.lecturePeriod;
  return (
    <>
      <p>{data.guidance}</p>
      <fieldset aria-busy={save.isPending}>
        <legend>Was gilt für dich?</legend>
        {WORK_LIMIT_STATUSES.map(([value, label]) => (
          <label key={value} style={{ display: 'block' }}>
            <input type="radio" name={`${id}-status`} value={value} checked={status === value} onChange={() => save.mutate({ status: value })} />{' '}
            {label}
          </label>
        ))}
        {status === 'working_student' ? (
          <label style={{ display: 'block' }}>
            <input type="checkbox" checked={lecturePeriod} onChange={(e) => save.mutate({ lecturePeriod: e.target.checked })} /> Gerade
            ist Vorlesungszeit
          </label>
        ) : null}
      </fieldset>
      {save.isError ? <p role="alert">Deine Angabe konnte nicht gespeichert werden. Bitte versuche es noch einmal.</p> : null}
      <p>{WHAT_COUNTS[data.status]}</p>
      <Standing limits={data} />
      <p>
        Wenn du dich für einen Einsatz bewirbst, der eine Grenze überschreiten würde, sagen wir es dir vorher. Bewerben kannst du dich trotzdem.
      </p>
    </>
  );
}
