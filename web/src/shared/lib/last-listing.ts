// The last listing the user saw (jobs, organizations, articles, events), so a detail page can
// lead back to it with its filters ("Zurück zur Liste"). Kept per tab in sessionStorage.
export type ListingKind = 'jobs' | 'organizations' | 'articles' | 'events';

const key = (kind: ListingKind) => `jobhafen:last-listing:${kind}`;

export function rememberListing(kind: ListingKind, url: string) {
  try {
    sessionStorage.setItem(key(kind), url);
  } catch {
    // no storage: the link falls back to the plain list
  }
}

/**
 * The remembered listing, or `fallback`. With `within`, only a listing under that path counts: the
 * articles of /tipps-faq and of /recruiting/hr-wissen are one kind, but each leads back to its own.
 */
export function lastListing(kind: ListingKind, fallback: string, within?: string): string {
  try {
    const last = sessionStorage.getItem(key(kind));
    if (last === null) return fallback;
    if (within !== undefined && last !== within && !last.startsWith(`${within}/`) && !last.startsWith(`${within}?`)) return fallback;
    return last;
  } catch {
    return fallback;
  }
}

/** The listing kind of a content collection (articles and events have lists to return to). */
export function listingKindOf(collection: string): ListingKind | null {
  return collection === 'articles' ? 'articles' : collection === 'events' ? 'events' : null;
}
