// /meine-favoriten: the jobs the candidate saved (GET /favorites/my), each removable
// (POST /job_postings/{id}/unfavor); 50 a page (?seite=), so none is out of reach.
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { Pager, pageOf } from '@/shared/ui/pager';
import { myFavoritesQueryOptions } from '@/shared/api/favorites';
import { track } from '@/shared/tracking/track';
import form from '@/shared/ui/form.module.css';
import { notify } from '@/shared/ui/notifications';
import { PageLoading } from '@/shared/ui/page-loading';
import { useRemoveFavorite } from '../api/remove-favorite';

export const FAVORITES_PER_PAGE = 50;

export function MyFavoritesPage() {
  const [params] = useSearchParams();
  const page = pageOf(params);
  const favorites = useQuery(myFavoritesQueryOptions(page, FAVORITES_PER_PAGE));
  const remove = useRemoveFavorite({
    onRemoved: (id) => track('job_unfavored', { jobPostingId: id }),
    onFailed: () => notify({ message: 'Der Favorit konnte nicht entfernt werden. Bitte versuche es noch einmal.', color: 'error', timeout: 5000 }),
  });
  if (favorites.isPending) return <PageLoading />;
  if (favorites.isError) return <p role="alert">Deine Favoriten konnten gerade nicht geladen werden. Bitte lade die Seite neu.</p>;
  const list = favorites.data['hydra:member'];
  const total = favorites.data['hydra:totalItems'] ?? list.length;
  if (list.length === 0 && page === 1) return <p>Du hast noch keine Jobs gemerkt. Tippe bei einem Job auf das Herz, dann findest du ihn hier wieder.</p>;
  return (
    <>
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
    <Pager page={page} total={total} perPage={FAVORITES_PER_PAGE} href={(p) => `/meine-favoriten${p > 1 ? `?seite=${p}` : ''}`} />
    </>
  );
}
