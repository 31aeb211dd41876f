// /meine-favoriten: the jobs the candidate saved (GET /favorites/my), each removable
// (POST /job_postings/{id}/unfavor).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api } from '@/shared/api/client';
import form from '@/shared/ui/form.module.css';
import { notify } from '@/shared/ui/notifications';
import { PageLoading } from '@/shared/ui/page-loading';

type Favorite = { auto: boolean; active: boolean; createdAt: string; jobPosting: { id: number; slug: string; title: string; organization: { name: string } } };

export function MyFavoritesPage() {
  const queryClient = useQueryClient();
  const favorites = useQuery({
    queryKey: ['favorites', 'my'],
    queryFn: ({ signal }) => api.get<{ 'hydra:member': Favorite[] }>('/favorites/my', { signal, query: { itemsPerPage: 100 } }),
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.post<void>(`/job_postings/${id}/unfavor`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['favorites'] }),
    onError: () => notify({ message: 'Der Favorit konnte nicht entfernt werden. Bitte versuche es noch einmal.', color: 'error', timeout: 5000 }),
  });
  if (favorites.isPending) return <PageLoading />;
  if (favorites.isError) return <p role="alert">Error while loading Favorites</p>;
  const list = favorites.data['hydra:member'];
  if (list.length === 0) return <p>Du hast noch keine Jobs gemerkt. Tippe bei einem Job auf das Herz, dann findest du ihn hier wieder.</p>;
  return (
    <ul aria-label="Deine Favoriten">
      {list.map(({ jobPosting, active }) => (
        <li key={jobPosting.id}>
          <Link to={`/jobs/${jobPosting.slug}`}>{jobPosting.title}</Link> bei {jobPosting.organization.name}
          {!active && ' (nicht mehr aktiv)'}{' '}
          <button type="button" className={form.secondary} onClick={() => remove.mutate(jobPosting.id)} aria-label={`${jobPosting.title} aus den Favoriten entfernen`}>
            Entfernen
          </button>
        </li>
      ))}
    </ul>
  );
}
