// POST /me/calendar_token: a new private address of the candidate's calendar feed (the old one
// stops working). The address is shown once; the server keeps only its hash. Tracked as
// `calendar_subscribed`. DELETE /me/calendar_token ("Kalender-Abo beenden"): the address stops
// working at once.
import { useMutation } from '@tanstack/react-query';
import type { CalendarLink } from '@/shared/api/calendar-feed';
import { api } from '@/shared/api/client';
import { track } from '@/shared/tracking/track';

export const renewCalendarToken = () => api.post<CalendarLink>('/me/calendar_token', {});

export const useRenewCalendarToken = () =>
  useMutation({ mutationFn: renewCalendarToken, onSuccess: () => track('calendar_subscribed') });

export const endCalendarToken = () => api.delete<void>('/me/calendar_token');

export const useEndCalendarToken = () => useMutation({ mutationFn: endCalendarToken });
