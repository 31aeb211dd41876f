// The answers the server embedded into the page's HTML (<script type="application/json"
// id="jh-initial-data">, written with the page head: actors/content/seo.cpp) as [query key, data]
// pairs. They go into the query cache before the first render, so a content page or a job detail
// draws at once instead of asking the API again. Only the query client made at start reads them;
// later navigations fetch as usual.
import type { QueryClient, QueryKey } from '@tanstack/react-query';

export const INITIAL_DATA_ID = 'jh-initial-data';

export function readInitialData(doc: Document = document): [QueryKey, unknown][] {
  const element = doc.getElementById(INITIAL_DATA_ID);
  if (!element?.textContent) return [];
  try {
    const pairs: unknown = JSON.parse(element.textContent);
    if (!Array.isArray(pairs)) return [];
    return pairs.filter((p): p is [QueryKey, unknown] => Array.isArray(p) && p.length === 2 && Array.isArray(p[0]));
  } catch {
    return [];
  }
}

export function seedInitialData(client: QueryClient, doc: Document = document): void {
  for (const [key, data] of readInitialData(doc)) client.setQueryData(key, data);
}
