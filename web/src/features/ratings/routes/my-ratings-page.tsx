// /meine-bewertungen: the organizations the candidate rated (GET /candidate_accounts/{id}/star_ratings),
// each removable (DELETE /organization_star_ratings/{id}, 404 with the spec's "refresh" message);
// a rating backed by an approved shift there is marked "nach einem Einsatz", as on the company page
// (docs/shifts.md "Reliability and ratings after a shift").
import { ApiError } from '@/shared/api/client';
import type { CandidateAccount } from '@/shared/auth/use-user';
import { AfterShiftMark } from '@/shared/ui/after-shift-mark';
import form from '@/shared/ui/form.module.css';
import { notify } from '@/shared/ui/notifications';
import { PageLoading } from '@/shared/ui/page-loading';
import { track } from '@/shared/tracking/track';
import { useMyRatings, useRemoveRating } from '../api/my-ratings';

export function MyRatingsPage({ user }: { user: CandidateAccount }) {
  const ratings = useMyRatings(user.id);
  const remove = useRemoveRating({
    onRemoved: () => track('organization_unstared'),
    onFailed: (error) =>
      notify({
        message: (error instanceof ApiError && (error.body as { message?: string })?.message) || 'Die Bewertung konnte nicht entfernt werden. Bitte lade die Seite neu.',
        color: 'error',
        timeout: 5000,
      }),
  });
  if (ratings.isPending) return <PageLoading />;
  if (ratings.isError) return <p role="alert">Deine Bewertungen konnten gerade nicht geladen werden. Bitte lade die Seite neu.</p>;
  const list = ratings.data;
  if (list.length === 0) return <p>Du hast noch kein Unternehmen bewertet.</p>;
  return (
    <ul aria-label="Deine Bewertungen">
      {list.map((rating) => (
        <li key={rating.id}>
          {rating.organization.name}: <span aria-label={`${rating.stars} von 5 Sternen`}>{'★'.repeat(rating.stars) + '☆'.repeat(5 - rating.stars)}</span>
          <AfterShiftMark afterShift={rating.afterShift} />
          {rating.comment && ` – „${rating.comment}“`}{' '}
          <button type="button" className={form.secondary} onClick={() => remove.mutate(rating.id)}>
            Bewertung entfernen
          </button>
        </li>
      ))}
    </ul>
  );
}
