// What the feature toggles change on a job's card and detail: the publication date is shown to
// visitors only with `show_jobs_as_published_for_visitors` (signed-in candidates always see it), and
// the configured special-offer job carries a "Sonderangebot" badge.
import { useMemo } from 'react';
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

/** The flags of every card of a list, read once by the list (see JobCard). */
export type JobCardFlags = { showPublished: boolean; specialOfferId: number | null };

/**
 * The cards' flags for a whole list. The list reads the account and the toggles once and hands
 * the same object to each card while the flags stay the same: when those answers arrive (React
 * draws that at once, in one task) only the list is drawn again, not every card.
 */
export function useJobCardFlags(): JobCardFlags {
  const showPublished = useShowPublished();
  const specialOfferId = useSpecialOfferJobId();
  return useMemo(() => ({ showPublished, specialOfferId }), [showPublished, specialOfferId]);
}
