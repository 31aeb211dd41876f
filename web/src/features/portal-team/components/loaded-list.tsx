// A list the team page loads for its owner (API keys, webhook endpoints): a status line while it
// loads, the error in the provider's words, a line when it is empty, and otherwise the rows in a
// labelled list that says it is busy while it is fetched again. The two sections wrote this twice.
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import styles from '@/shared/portal/portal.module.css';
import { providerMessage } from '@/shared/portal/messages';

type Props<T> = {
  query: UseQueryResult<{ 'hydra:member': T[] }>;
  /** The list's name for screen readers, e.g. "API-Schlüssel". */
  label: string;
  /** The German lines: while loading, when loading failed (unless the server says why), when empty. */
  words: { loading: string; failed: string; empty: string };
  row: (item: T) => ReactNode;
};

export function LoadedList<T>({ query, label, words, row }: Props<T>) {
  if (query.isPending) return <p role="status">{words.loading}</p>;
  if (query.isError) return <p role="alert">{providerMessage(query.error, words.failed)}</p>;
  const items = query.data['hydra:member'];
  if (items.length === 0) return <p>{words.empty}</p>;
  return (
    <ul className={styles.jobs} aria-label={label} aria-busy={query.isFetching}>
      {items.map(row)}
    </ul>
  );
}
