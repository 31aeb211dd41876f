// Tracking of the content collections (articles, events, wikis): which spec event a list page,
// an entry page and sharing an entry send. Kept here so the content pages need one call each.
import { useEffect } from 'react';
import { track, type SpecEvent } from './track';

type Kind = 'article' | 'event' | 'wiki';
const KIND_OF: Record<string, Kind> = { articles: 'article', events: 'event', wikis: 'wiki' };

const VIEWED: Record<Kind, { list: SpecEvent | null; details: SpecEvent | null }> = {
  article: { list: 'article_listing_viewed', details: 'article_details_viewed' },
  event: { list: 'event_listing_viewed', details: 'event_details_viewed' },
  wiki: { list: null, details: null }, // the spec has no view events for the wiki
};
const SHARED: Record<Kind, SpecEvent> = { article: 'article_shared', event: 'event_shared', wiki: 'wiki_shared' };

const idField = (kind: Kind, id: number | undefined) =>
  id === undefined ? {} : kind === 'article' ? { articleId: id } : kind === 'event' ? { eventId: id } : { wikiId: id };

/** Sends the list or details event of a collection page once it shows (collections without one: nothing). */
export function useContentViewTracking(collection: string, page: 'list' | 'details', entryId?: number, ready = true) {
  useEffect(() => {
    const kind = KIND_OF[collection];
    const event = kind && VIEWED[kind][page];
    if (!ready || !kind || !event) return;
    track(event, idField(kind, entryId));
  }, [collection, page, entryId, ready]);
}

/** Sharing an entry: the share sheet where there is one, else the link copied; tracked either way. */
export async function shareContent(collection: string, entryId: number | undefined, title: string): Promise<'shared' | 'copied' | 'failed'> {
  const kind = KIND_OF[collection];
  if (kind) track(SHARED[kind], idField(kind, entryId));
  const url = window.location.href;
  try {
    if (navigator.share) {
      await navigator.share({ title, url });
      return 'shared';
    }
    await navigator.clipboard.writeText(url);
    return 'copied';
  } catch {
    return 'failed';
  }
}
