// The month a portal page shows (the worked hours, the monthly report), with buttons one month back
// and forward around its German title; `latest`, when set, is the last month there is to show.
import type { ReactNode } from 'react';
import form from '@/shared/ui/form.module.css';
import { monthTitle, stepMonth } from './months';

type Props = { month: string; onChange: (month: string) => void; latest?: string; children?: ReactNode };

/** The row of the month's buttons and title; `children` come after them in the same row. */
export function MonthStepper({ month, onChange, latest, children }: Props) {
  return (
    <div className={form.row}>
      <button type="button" onClick={() => onChange(stepMonth(month, -1))}>
        Vorheriger Monat
      </button>
      <h2 style={{ margin: 0 }}>{monthTitle(month)}</h2>
      <button type="button" disabled={latest !== undefined && month >= latest} onClick={() => onChange(stepMonth(month, 1))}>
        Nächster Monat
      </button>
      {children}
    </div>
  );
}
