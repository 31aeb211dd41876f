// GET/PATCH /candidate_accounts/me/work_limits for the account page /meine-arbeitszeitgrenzen:
// the standing as a query, stating what applies as a mutation that replaces it.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getWorkLimits, patchWorkLimits, workLimitKeys } from '@/shared/api/work-limits';

export const workLimitsQueryOptions = () => queryOptions({ queryKey: workLimitKeys.mine(), queryFn: ({ signal }) => getWorkLimits([], signal) });

export const useWorkLimits = () => useQuery(workLimitsQueryOptions());

export function useStateWorkLimits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: patchWorkLimits,
    onSuccess: (data) => queryClient.setQueryData(workLimitKeys.mine(), data),
  });
}
