// The job search as it appears in the address bar: /jobs?was=Promotion&wo=Berlin.
// Keeping the parameter names here means the form, the result page and later
// the API call agree on them.
export type JobSearch = {
  /** Free text: activity, job title or keyword ("Was?"). */
  was: string;
  /** Place or postal code ("Wo?"). */
  wo: string;
};

export function readJobSearch(params: URLSearchParams): JobSearch {
  return {
    was: params.get('was')?.trim() ?? '',
    wo: params.get('wo')?.trim() ?? '',
  };
}

/** Query string without empty fields, so an empty search is just `/jobs`. */
export function jobSearchQuery(search: JobSearch): string {
  const params = new URLSearchParams();
  if (search.was.trim()) params.set('was', search.was.trim());
  if (search.wo.trim()) params.set('wo', search.wo.trim());
  const query = params.toString();
  return query ? `?${query}` : '';
}

/**
 * The result page's heading, e.g. `Jobs für „Promotion“ in Berlin`, `Jobs in Köln`,
 * `Messejobs in Hamburg`; `Alle Jobs` when nothing narrows the search.
 */
export function jobSearchHeading(search: JobSearch, jobTypeLabel?: string): string {
  if (!jobTypeLabel && !search.was && !search.wo) return 'Alle Jobs';
  let heading = jobTypeLabel ?? 'Jobs';
  if (search.was) heading += ` für „${search.was}“`;
  if (search.wo) heading += ` in ${search.wo}`;
  return heading;
}
