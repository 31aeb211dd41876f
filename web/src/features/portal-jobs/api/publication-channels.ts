// The channels a job can be published in (issue 44 item 5; docs/reach.md, "Kanäle pro Anzeige"):
// GET /publication_channels, the operator's list with each channel's price per ad, in the order
// the editor shows them. `jobhafen` is the site itself: always on.
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { providerKeys } from '@/shared/portal/keys';

export type PublicationChannel = {
  slug: string;
  name: string;
  description: string;
  /** Euro cents per ad; 0 is free. */
  priceCents: number;
  currency: 'EUR';
  free: boolean;
  alwaysOn: boolean;
};

export const publicationChannelsQueryOptions = () =>
  queryOptions({
    queryKey: providerKeys.publicationChannels(),
    queryFn: ({ signal }) => api.get<{ 'hydra:member': PublicationChannel[] }>('/publication_channels', { signal }),
    select: (answer) => answer['hydra:member'],
    staleTime: 5 * 60_000,
  });

const euros = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' });

/** What a channel costs, as the editor says it: "kostenlos" or "49,00 € pro Anzeige". */
export const channelCost = (channel: Pick<PublicationChannel, 'priceCents'>) =>
  channel.priceCents === 0 ? 'kostenlos' : `${euros.format(channel.priceCents / 100).replace(/\u00a0/g, ' ')} pro Anzeige`;

/**
 * The channels checked: the job's own choice, or (a job without one yet, `null`) what the server
 * gives a new job: every free channel. Jobhafen always.
 */
export function checkedChannels(chosen: string[] | null, offered: PublicationChannel[]): string[] {
  const base = chosen ?? offered.filter((c) => c.free).map((c) => c.slug);
  return offered.filter((c) => c.alwaysOn || base.includes(c.slug)).map((c) => c.slug);
}
