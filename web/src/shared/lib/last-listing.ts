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

export function lastListing(kind: ListingKind, fallback: string): string {
  try {
    return sessionStorage.getItem(key(kind)) ?? fallback;
  } catch {
    return fallback;
  }
}

/** The listing kind of a content collection (articles and events have lists to return to). */
export function listingKindOf(collection: string): ListingKind | null {
  return collection === 'articles' ? 'articles' : collection === 'events' ? 'events' : null;
}
