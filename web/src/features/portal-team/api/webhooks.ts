// The organization's webhook endpoints (docs/reach.md, "Webhooks"): the owner lists them (never the
// signing secret), adds one with an https address and its events (the answer carries the secret,
// once), removes one, reads an endpoint's delivery log and sends it a test event.
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { providerKeys } from '@/shared/portal/keys';
import { organizationListOptions, useListChange } from './organization-lists';

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

export const webhooksQueryOptions = (organizationId: number) =>
  organizationListOptions<WebhookEndpoint>(providerKeys.webhooks(organizationId), organizationId, 'webhooks');

/** The delivery log; asked again every few seconds while an event is still on its way. */
export const webhookDeliveriesQueryOptions = (organizationId: number, webhookId: number) =>
  queryOptions({
    ...organizationListOptions<WebhookDelivery>(providerKeys.webhookDeliveries(organizationId, webhookId), organizationId, `webhooks/${webhookId}/deliveries`),
    refetchInterval: (query) =>
      query.state.data?.['hydra:member'].some((d) => d.state === 'pending' || d.state === 'retrying') ? 2000 : false,
  });

export function useCreateWebhook(organizationId: number) {
  return useListChange(providerKeys.webhooks(organizationId), (values: { url: string; events: WebhookEvent[] }) =>
    api.post<CreatedWebhookEndpoint>(`/organizations/${organizationId}/webhooks`, values),
  );
}

export function useRemoveWebhook(organizationId: number) {
  return useListChange(providerKeys.webhooks(organizationId), (webhookId: number) => api.delete<void>(`/organizations/${organizationId}/webhooks/${webhookId}`));
}

/** A test event; its delivery shows in the endpoint's log. */
export function useTestWebhook(organizationId: number, webhookId: number) {
  return useListChange(providerKeys.webhookDeliveries(organizationId, webhookId), () =>
    api.post<WebhookDelivery>(`/organizations/${organizationId}/webhooks/${webhookId}/test`, {}),
  );
}
