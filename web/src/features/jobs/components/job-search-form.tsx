// The "Was? / Wo?" search. Submitting navigates to `action` (default /jobs)
// with the entered terms as query parameters; it is a real GET form, so the
// URL is shareable and the browser's back button works as expected.
import { useId, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { jobSearchQuery, type JobSearch } from '../lib/search-params';
import styles from './job-search-form.module.css';

type Props = {
  action?: string;
  /** Prefills the fields, e.g. with the search a result page shows. */
  defaults?: JobSearch;
};

export function JobSearchForm({ action = '/jobs', defaults = { was: '', wo: '' } }: Props) {
  const navigate = useNavigate();
  const id = useId();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const search = { was: String(data.get('was') ?? ''), wo: String(data.get('wo') ?? '') };
    void navigate(action + jobSearchQuery(search));
  }

  return (
    <form
      className={styles.form}
      action={action}
      method="get"
      role="search"
      aria-label="Jobsuche"
      onSubmit={onSubmit}
    >
      <div className={styles.field}>
        <label htmlFor={`${id}-was`}>Was?</label>
        <input
          id={`${id}-was`}
          name="was"
          type="search"
          defaultValue={defaults.was}
          placeholder="Job, Tätigkeit oder Stichwort"
          autoComplete="off"
          enterKeyHint="search"
        />
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-wo`}>Wo?</label>
        <input
          id={`${id}-wo`}
          name="wo"
          type="text"
          defaultValue={defaults.wo}
          placeholder="Ort oder PLZ"
          autoComplete="address-level2"
          enterKeyHint="search"
        />
      </div>
      <button className={styles.submit} type="submit">
        Jobs finden
      </button>
    </form>
  );
}
