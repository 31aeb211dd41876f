// GET /organizations/{id}/shifts?from=&to=: the organization's shifts dated in a window of at most
// 42 days, each with its job and fill, for the portal's calendar (routes/shift-calendar-page.tsx).
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { ShiftList } from '@/shared/api/shifts';
import type { CalendarShift } from '../lib/shift-calendar';
import { providerKeys } from '@/shared/portal/keys';

export const getOrganizationShifts = (organizationId: number, from: string, to: string, signal?: AbortSignal) =>
  api.get<ShiftList<CalendarShift>>(`/organizations/${organizationId}/shifts`, { signal, query: { from, to } });

export const organizationShiftsQueryOptions = (organizationId: number, from: string, to: string) =>
  queryOptions({
    queryKey: providerKeys.shiftWindow(organizationId, from, to),
    queryFn: ({ signal }) => getOrganizationShifts(organizationId, from, to, signal),
    // Moving to the next week keeps the last one on screen until the new one is there.
    placeholderData: keepPreviousData,
  });
