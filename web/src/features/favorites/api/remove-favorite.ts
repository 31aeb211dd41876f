// Removing a job from /meine-favoriten (POST /job_postings/{id}/unfavor) and reloading the list. The
// list itself and the other favourite calls are shared with the job detail: shared/api/favorites.ts.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { favoriteKeys, unfavorJob } from '@/shared/api/favorites';

export function useRemoveFavorite(handlers: { onRemoved: (jobId: number) => void; onFailed: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unfavorJob,
    onSuccess: (_, jobId) => {
      handlers.onRemoved(jobId);
      return queryClient.invalidateQueries({ queryKey: favoriteKeys.all });
    },
    onError: handlers.onFailed,
  });
}
