// What the feature toggles change on a job's card and detail: the publication date is shown to
// visitors only with `show_jobs_as_published_for_visitors` (signed-in candidates always see it), and
// the configured special-offer job carries a "Sonderangebot" badge.
import { useUser } from '@/shared/auth/use-user';
import { useFeature, useSpecialOfferJobId } from '@/shared/lib/features';

export function useShowPublished(): boolean {
  const { user } = useUser();
  const forVisitors = useFeature('show_jobs_as_published_for_visitors');
  return user !== null || forVisitors;
}

export function useIsSpecialOffer(jobId: number): boolean {
  return useSpecialOfferJobId() === jobId;
}
