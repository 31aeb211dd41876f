// POST /organizations/{id}/calendar_token: a new private address of the organization's calendar
// feed for the team's calendars (issue 43, item 8; docs/shifts.md). One address per organization:
// a new one replaces the old, which stops working at once. Shown once; the server keeps its hash.
import { useMutation } from '@tanstack/react-query';
import type { CalendarLink } from '@/shared/api/calendar-feed';
import { api } from '@/shared/api/client';

export const renewOrganizationCalendarToken = (organizationId: number) =>
  api.post<CalendarLink>(`/organizations/${organizationId}/calendar_token`, {});

export const useRenewOrganizationCalendarToken = (organizationId: number) =>
  useMutation({ mutationFn: () => renewOrganizationCalendarToken(organizationId) });
