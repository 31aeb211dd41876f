// Links to the landing page of each job type, shown on the start page.
import { useId } from 'react';
import { Link } from 'react-router';
import { JOB_TYPES } from '../lib/job-types';
import styles from './job-type-links.module.css';

export function JobTypeLinks() {
  const headingId = useId();
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId}>Nach Jobart suchen</h2>
      <ul className={styles.list}>
        {JOB_TYPES.map((type) => (
          <li key={type.path}>
            <Link className={styles.link} to={type.path}>
              {type.label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
