// The organization's webhook endpoints (docs/reach.md, "Webhooks"): the owner lists them (never the
// signing secret), adds one with an https address and its events (the answer carries the secret,
// once), removes one, reads an endpoint's delivery log and sends it a test event.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { providerKeys } from '@/shared/portal/keys';

/** The events an endpoint can subscribe to, as the server names them (migrations/0387), with German labels. */
export const WEBHOOK_EVENTS = [
  { code: 'application.created', name: 'Neue Bewerbung' },
  { code: 'application.status_changed', name: 'Status einer Bewerbung geändert' },
] as const;

export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number]['code'];

export type WebhookEndpoint = {
  id: number;
  url: string;
  events: WebhookEvent[];
  createdAt: string;
  /** The address of the owner who added it; null once that account is gone. */
  createdBy: string | null;
};

/** The answer to an addition: the signing secret is in it this once. */
export type CreatedWebhookEndpoint = WebhookEndpoint & { secret: string };

export type WebhookDelivery = {
  id: number;
  eventType: WebhookEvent | 'webhook.test';
  /** The webhook-id header: the same on every attempt of this event. */
  messageId: string;
  createdAt: string;
  state: 'pending' | 'retrying' | 'delivered' | 'failed';
  attempts: number;
  lastStatus: number | null;
  lastError: string | null;
  nextAttemptAt: string | null;
  deliveredAt: string | null;
};

type Hydra<T> = { 'hydra:member': T[]; 'hydra:totalItems': number };

export const webhooksQueryOptions = (organizationId: number) =>
  queryOptions({
    queryKey: providerKeys.webhooks(organizationId),
    queryFn: ({ signal }) => api.get<Hydra<WebhookEndpoint>>(`/organizations/${organizationId}/webhooks`, { signal }),
  });

/** The delivery log; asked again every few seconds while an event is still on its way. */
export const webhookDeliveriesQueryOptions = (organizationId: number, webhookId: number) =>
  queryOptions({
    queryKey: providerKeys.webhookDeliveries(organizationId, webhookId),
    queryFn: ({ signal }) => api.get<Hydra<WebhookDelivery>>(`/organizations/${organizationId}/webhooks/${webhookId}/deliveries`, { signal }),
    refetchInterval: (query) =>
      query.state.data?.['hydra:member'].some((d) => d.state === 'pending' || d.state === 'retrying') ? 2000 : false,
  });

export function useCreateWebhook(organizationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: { url: string; events: WebhookEvent[] }) =>
      api.post<CreatedWebhookEndpoint>(`/organizations/${organizationId}/webhooks`, values),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: providerKeys.webhooks(organizationId) }),
  });
}

export function useRemoveWebhook(organizationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (webhookId: number) => api.delete<void>(`/organizations/${organizationId}/webhooks/${webhookId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: providerKeys.webhooks(organizationId) }),
  });
}

export function useTestWebhook(organizationId: number, webhookId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<WebhookDelivery>(`/organizations/${organizationId}/webhooks/${webhookId}/test`, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: providerKeys.webhookDeliveries(organizationId, webhookId) }),
  });
}
