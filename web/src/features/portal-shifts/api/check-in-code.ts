// The shift's QR code for checking in and out (issue 43, item 2; docs/shifts.md "Checking in and
// out by QR code"): GET /shifts/{id}/check_in_code, a signed code valid from an hour before the
// shift to six hours after it, and the Jobhafen address a phone opens when it reads it.
import { useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { providerKeys } from '@/shared/portal/keys';

export type CheckInCode = {
  shift: number;
  code: string;
  url: string;
  validFrom: string;
  validUntil: string;
  label: string;
  job: { id: number; title: string };
};

export const useCheckInCode = (shiftId: number) =>
  useQuery({
    queryKey: providerKeys.checkInCode(shiftId),
    queryFn: ({ signal }) => api.get<CheckInCode>(`/shifts/${shiftId}/check_in_code`, { signal }),
    staleTime: Infinity,
    retry: false,
  });
