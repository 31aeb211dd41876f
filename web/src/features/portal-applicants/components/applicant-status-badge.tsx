// An application's status as a coloured label, in the provider's words ("Neu" until it was seen).
import { STATUS_NAMES } from '../api/applications';
import type { ApplicantStatus } from '@/shared/portal/filters';
import styles from '@/shared/portal/portal.module.css';

const COLOUR: Record<ApplicantStatus, string | undefined> = {
  sent: styles.paused,
  seen: styles.draft,
  shortlisted: styles.published,
  invited: styles.published,
  declined: styles.closed,
  hired: styles.published,
};

export function ApplicantStatusBadge({ status }: { status: ApplicantStatus }) {
  return <span className={`${styles.badge} ${COLOUR[status] ?? ''}`}>{STATUS_NAMES[status] ?? status}</span>;
}
