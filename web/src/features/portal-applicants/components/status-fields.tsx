// The two fields of a status change: the new status and the optional message that goes with it to
// the candidate by mail. One application's form (applicant page) and the selection's (bulk form)
// both draw them, so the choice of statuses and the message's bound stay one.
import type { UseFormRegisterReturn } from 'react-hook-form';
import form from '@/shared/ui/form.module.css';
import { STATUS_NAMES } from '../api/applications';
import { REVIEW_STATUSES, type ApplicantStatus } from '@/shared/portal/filters';
import portal from '@/shared/portal/portal.module.css';

export const STATUS_MESSAGE_MAX = 2000;

type Props = {
  idPrefix: string;
  /** The two fields as the form registers them (useMutationForm), and the message typed so far. */
  status: UseFormRegisterReturn<'status'>;
  message: UseFormRegisterReturn<'message'>;
  typed: string;
  messageLabel: string;
  /** What happens with the message, after the count of characters. */
  mailHint: string;
  rows: number;
  errors: { status?: string; message?: string };
};

/** What a status form holds: the new status and the optional message. */
export type StatusValues = { status: ApplicantStatus; message: string };

/** The change as the server takes it: the message only when one was written. */
export const statusChange = ({ status, message }: StatusValues) => ({ status, ...(message.trim() ? { message: message.trim() } : {}) });

export function StatusFields({ idPrefix, status, message, typed, messageLabel, mailHint, rows, errors }: Props) {
  return (
    <>
      <div className={form.field}>
        <label htmlFor={`${idPrefix}-status`}>Neuer Status</label>
        <select id={`${idPrefix}-status`} {...status}>
          {REVIEW_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_NAMES[s]}
            </option>
          ))}
        </select>
        <FieldError text={errors.status} />
      </div>
      <div className={form.field}>
        <label htmlFor={`${idPrefix}-message`}>{messageLabel}</label>
        <textarea id={`${idPrefix}-message`} rows={rows} maxLength={STATUS_MESSAGE_MAX} {...message} />
        <p className={portal.meta}>
          {typed.length} von {STATUS_MESSAGE_MAX} Zeichen. {mailHint}
        </p>
        <FieldError text={errors.message} />
      </div>
    </>
  );
}

function FieldError({ text }: { text?: string }) {
  return text ? (
    <p className={form.error} role="alert">
      {text}
    </p>
  ) : null;
}
