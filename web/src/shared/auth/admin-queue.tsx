// An administrator's review queue page (registrations, job postings): the list from `path` (a hydra
// collection), the administrators' sign-in when the API answers 401, the server's message for any
// other failure, and `empty` when nothing waits. Each entry is the feature's own component.
import { useQuery, type QueryKey } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { api, ApiError } from '@/shared/api/client';
import { usePageTitle } from '@/shared/lib/page-title';
import { PageLoading } from '@/shared/ui/page-loading';
import { AdminSignIn, failureText } from './admin-sign-in';

type Props<T> = { title: string; queryKey: QueryKey; path: string; listLabel: string; empty: string; children: (item: T) => ReactNode };

export function AdminQueue<T>({ title, queryKey, path, listLabel, empty, children }: Props<T>) {
  usePageTitle(title);
  const queue = useQuery({
    queryKey,
    queryFn: ({ signal }) => api.get<{ 'hydra:member': T[]; 'hydra:totalItems': number }>(path, { signal }),
    retry: false,
  });
  if (queue.isPending) return <PageLoading />;
  const signIn = queue.error instanceof ApiError && queue.error.status === 401;
  return (
    <div style={{ width: 'min(100% - 2rem, 960px)', margin: '0 auto', padding: '2rem 0 3rem' }}>
      <h1>{title}</h1>
      {signIn && <AdminSignIn queryKey={queryKey} />}
      {queue.isError && !signIn && <p role="alert">{failureText(queue.error)}</p>}
      {queue.data && queue.data['hydra:member'].length === 0 && <p>{empty}</p>}
      {queue.data && (
        <ul aria-label={listLabel} style={{ listStyle: 'none', padding: 0, display: 'grid', gap: '1rem' }}>
          {queue.data['hydra:member'].map(children)}
        </ul>
      )}
    </div>
  );
}
