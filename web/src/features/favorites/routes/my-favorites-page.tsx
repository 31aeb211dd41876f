// /meine-favoriten: the jobs the candidate saved (GET /favorites/my), each removable
// (POST /job_postings/{id}/unfavor).
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { myFavoritesQueryOptions } from '@/shared/api/favorites';
import { track } from '@/shared/tracking/track';
import form from '@/shared/ui/form.module.css';
import { notify } from '@/shared/ui/notifications';
import { PageLoading } from '@/shared/ui/page-loading';
import { useRemoveFavorite } from '../api/remove-favorite';

export function MyFavoritesPage() {
  const favorites = useQuery(myFavoritesQueryOptions());
  const remove = useRemoveFavorite({
    onRemoved: (id) => track('job_unfavored', { jobPostingId: id }),
    onFailed: () => notify({ message: 'Der Favorit konnte nicht entfernt werden. Bitte versuche es noch einmal.', color: 'error', timeout: 5000 }),
  });
  if (favorites.isPending) return <PageLoading />;
  if (favorites.isError) return <p role="alert">Deine Favoriten konnten gerade nicht geladen werden. Bitte lade die Seite neu.</p>;
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
