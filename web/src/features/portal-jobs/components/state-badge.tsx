// A job posting's state as a coloured label, in the provider's words.
import type { JobPostingState } from '@/shared/portal/filters';
import styles from '@/shared/portal/portal.module.css';

export const STATE_LABELS: Record<JobPostingState, string> = {
  draft: 'Entwurf',
  published: 'Veröffentlicht',
  review: 'Wartet auf Prüfung',
  paused: 'Pausiert',
  closed: 'Beendet',
};

export function StateBadge({ state }: { state: JobPostingState }) {
  return <span className={`${styles.badge} ${styles[state]}`}>{STATE_LABELS[state]}</span>;
}
