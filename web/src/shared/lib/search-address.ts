// A job alert's stored filter (the API's parameters: q, lat/lon/distance, interval_created,
// shiftsFrom/shiftsTo, activity, jobType, city) as the search page's address, which has its own
// German names (was, wo, umkreis, seit, einsatz, von, bis), and in words. Used by the alert list
// ("Suche öffnen") and the job alert dialog; the search page's vocabulary (radii, periods) lives
// here so both features read it from one place. The alerts worker builds the digest's "Alle
// Treffer ansehen" link with the same rules in C++ (search/search_page_link.h); the case table
// tests/fixtures/alert_search_links.json holds both to the same answers. Saving is the jobs
// feature's (features/jobs/lib/alert-search.ts).

export const DISTANCES_KM = [10, 25, 50, 100, 250, 500] as const;
export const DEFAULT_DISTANCE_KM = 50;

export const RELEASE_PERIODS = [
  { value: '1h', label: 'Letzte Stunde' },
  { value: '4h', label: 'Letzte 4 Stunden' },
  { value: '24h', label: 'Letzte 24 Stunden' },
  { value: '3d', label: 'Letzte 3 Tage' },
  { value: '7d', label: 'Letzte 7 Tage' },
] as const;

/** The place's name as the search showed it: not a search parameter, the server ignores it. */
export const PLACE_NAME = 'placeName';

// The periods the API reads (interval_created) as the search page's `seit`.
const PERIOD_ALIASES: Record<string, string> = { '1d': '24h', '1': '24h', '3': '3d', '7': '7d' };

function periodOf(value: string): string {
  const period = PERIOD_ALIASES[value] ?? value;
  return RELEASE_PERIODS.some((p) => p.value === period) ? period : '';
}

/** A distance in km (10, 25, …) or the same in metres, as km; '' for none or the default. */
function kilometres(value: string): string {
  if (!/^\d+$/.test(value)) return '';
  const n = Number(value);
  if (n <= 0 || (n >= 1000 && n % 1000 !== 0)) return '';
  const km = n >= 1000 ? n / 1000 : n;
  return km === DEFAULT_DISTANCE_KM ? '' : String(km);
}

/** Every value of `names`, comma-separated values split, empty ones dropped. */
function listOf(params: URLSearchParams, names: string[]): string[] {
  return names.flatMap((name) => params.getAll(name)).flatMap((v) => v.split(',')).map((v) => v.trim()).filter(Boolean);
}

/** The page a stored filter's fixed part (activities, job type, city) lives on. */
function basePath(params: URLSearchParams): string {
  const activities = listOf(params, ['activity', 'activity[]', 'activities[]']);
  const jobType = params.get('jobType') ?? '';
  const city = params.get('city') ?? '';
  const segment = encodeURIComponent;
  if (activities.length === 1 && city) return `/jobs-stadt/${segment(city)}/als/${segment(activities[0]!)}`;
  if (activities.length > 0) return `/jobs/suche-als/${activities.map(segment).join('/')}`;
  if (jobType) return city ? `/${segment(jobType)}/${segment(city)}` : `/${segment(jobType)}`;
  if (city) return `/jobs-stadt/${segment(city)}`;
  return '/jobs/suche';
}

/** The address of the search a stored filter (a query string of the API's parameters) describes. */
export function alertSearchPath(storedFilter: string): string {
  const params = new URLSearchParams(storedFilter.replace(/^\?/, ''));
  const out = new URLSearchParams();
  const text = params.get('q') ?? params.get('what') ?? params.get('text') ?? '';
  if (text.trim()) out.set('was', text.trim());
  const lat = params.get('lat');
  const lon = params.get('lon') ?? params.get('lng');
  if (lat && lon) {
    const name = params.get(PLACE_NAME)?.trim();
    if (name) out.set('wo', name);
    out.set('lat', lat);
    out.set('lon', lon);
    const km = kilometres(params.get('distance') ?? '');
    if (km) out.set('umkreis', km);
  }
  const period = periodOf(params.get('interval_created') ?? '');
  if (period) out.set('seit', period);
  const from = params.get('shiftsFrom') ?? '';
  const to = params.get('shiftsTo') ?? '';
  if (from || to) {
    out.set('einsatz', 'zeitraum');
    if (from) out.set('von', from);
    if (to) out.set('bis', to);
  }
  const query = out.toString();
  return basePath(params) + (query ? `?${query}` : '');
}

const PERIOD_WORDS: Record<string, string> = { '1h': 'in der letzten Stunde', '4h': 'in den letzten 4 Stunden', '24h': 'in den letzten 24 Stunden', '3d': 'in den letzten 3 Tagen', '7d': 'in den letzten 7 Tagen' };

function germanDate(iso: string): string {
  return iso.split('-').reverse().join('.');
}

/** A stored filter in words, one line per filter ("Stichwort: Barista"), for the dialog and the alert list. */
export function alertFilterInWords(filter: Record<string, string | number | undefined> | string): string[] {
  const params = typeof filter === 'string'
    ? new URLSearchParams(filter.replace(/^\?/, ''))
    : new URLSearchParams(Object.entries(filter).filter(([, v]) => v !== undefined && v !== '').map(([k, v]) => [k, String(v)]));
  const words: string[] = [];
  const text = params.get('q') ?? params.get('what') ?? params.get('text');
  if (text) words.push(`Stichwort: ${text}`);
  const activities = listOf(params, ['activity', 'activity[]', 'activities[]']);
  if (activities.length) words.push(`Tätigkeit: ${activities.join(', ')}`);
  const jobType = params.get('jobType');
  if (jobType) words.push(`Jobart: ${jobType.charAt(0).toUpperCase()}${jobType.slice(1)}`);
  const place = params.get(PLACE_NAME) ?? params.get('city');
  if (place) words.push(`Ort: ${place}`);
  const distance = params.get('distance');
  if (distance && (params.get('lat') || params.get('city'))) words.push(`Umkreis: ${kilometres(distance) || DEFAULT_DISTANCE_KM} km`);
  const period = periodOf(params.get('interval_created') ?? '');
  if (period) words.push(`Veröffentlicht ${PERIOD_WORDS[period]}`);
  const from = params.get('shiftsFrom');
  const to = params.get('shiftsTo');
  if (from && to) words.push(from === to ? `Einsätze am ${germanDate(from)}` : `Einsätze vom ${germanDate(from)} bis ${germanDate(to)}`);
  else if (from) words.push(`Einsätze ab ${germanDate(from)}`);
  else if (to) words.push(`Einsätze bis ${germanDate(to)}`);
  return words;
}
