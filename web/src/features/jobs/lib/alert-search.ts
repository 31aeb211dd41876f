// Saving a job alert: the search on screen (the search page's filters and the route's fixed part)
// as the filter an alert stores, the API's parameters (what the server and the alerts worker read).
// The other way, a stored filter as the search page's address, is @/shared/lib/search-address.ts;
// the case table tests/fixtures/alert_search_links.json holds the round trip.
import { PLACE_NAME } from '@/shared/lib/search-address';
import type { JobQuery } from '../api/jobs';
import { apiQuery, berlinToday, type JobFilters, type SearchContext } from './search-params';

/** The filter an alert saves for the search on screen: the API's parameters, without paging and sorting. */
export function alertFilter(filters: JobFilters, context: SearchContext = {}, today: string = berlinToday()): Record<string, string> {
  const query: JobQuery = apiQuery(filters, context, today);
  const filter: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || key === 'page' || key === 'itemsPerPage' || key === 'sort') continue;
    filter[key] = String(value);
  }
  if (filters.wo && filters.lat !== null && filters.lon !== null) filter[PLACE_NAME] = filters.wo;
  return filter;
}

