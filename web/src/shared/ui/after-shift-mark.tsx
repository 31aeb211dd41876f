// The mark "nach einem Einsatz" beside a rating that an approved shift at the organization backs
// (issue 43, item 5; docs/shifts.md "Reliability and ratings after a shift"): one look wherever
// ratings are listed — the company page and the candidate's own /meine-bewertungen.
import styles from './after-shift-mark.module.css';

export function AfterShiftMark({ afterShift }: { afterShift?: boolean }) {
  return afterShift ? <span className={styles.mark}>nach einem Einsatz</span> : null;
}
