// The job search as it appears in the address bar, so a search can be shared and the back
// button works: /jobs/suche?was=Promotion&wo=Berlin&lat=52.52&lon=13.4&umkreis=25&seit=24h&sortierung=distance&seite=2
// Parameter names are German, like the routes; the values map 1:1 to the API's filters. The shift
// dates (einsatz=heute|wochenende|7tage|zeitraum with von/bis) stay relative in the address, so a
// shared "heute" means the day it is opened; they become Berlin dates (shiftsFrom, shiftsTo) when
// the API query is built (docs/search.md, "Shift dates").
import type { JobQuery } from '../api/jobs';

import { DEFAULT_DISTANCE_KM, DISTANCES_KM, RELEASE_PERIODS } from '@/shared/lib/search-address';

export { DEFAULT_DISTANCE_KM, DISTANCES_KM, RELEASE_PERIODS };

export const SORTINGS = [
  { value: '', label: 'Empfohlen' },
  { value: 'newest', label: 'Neueste zuerst' },
  { value: 'distance', label: 'Entfernung' },
] as const;

export const SHIFT_CHOICES = [
  { value: 'heute', label: 'Heute' },
  { value: 'wochenende', label: 'Dieses Wochenende' },
  { value: '7tage', label: 'Nächste 7 Tage' },
  { value: 'zeitraum', label: 'Zeitraum' },
] as const;

export type JobFilters = {
  was: string;
  wo: string;
  lat: number | null;
  lon: number | null;
  umkreis: number;
  seit: string;
  sortierung: string;
  seite: number;
  /** Jobs with a free shift: '' (any job), or one of SHIFT_CHOICES; von/bis (YYYY-MM-DD) for "zeitraum". */
  einsatz: string;
  von: string;
  bis: string;
};

export const EMPTY_FILTERS: JobFilters = { was: '', wo: '', lat: null, lon: null, umkreis: DEFAULT_DISTANCE_KM, seit: '', sortierung: '', seite: 1, einsatz: '', von: '', bis: '' };

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Today in Berlin as YYYY-MM-DD, whatever the browser's own time zone. */
export function berlinToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** A calendar date `days` later (YYYY-MM-DD in, YYYY-MM-DD out). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

/**
 * The shift dates of a choice as the API's shiftsFrom/shiftsTo, from Berlin's `today`: "heute" is
 * today; "wochenende" this week's Saturday and Sunday (on a Sunday: that day only); "7tage" today
 * and the six days after; "zeitraum" von/bis as given (either alone).
 */
export function shiftWindow(filters: Pick<JobFilters, 'einsatz' | 'von' | 'bis'>, today: string): { shiftsFrom?: string; shiftsTo?: string } {
  switch (filters.einsatz) {
    case 'heute':
      return { shiftsFrom: today, shiftsTo: today };
    case 'wochenende': {
      const weekday = new Date(`${today}T12:00:00Z`).getUTCDay();   // 0 Sunday … 6 Saturday
      if (weekday === 0) return { shiftsFrom: today, shiftsTo: today };
      const saturday = addDays(today, 6 - weekday);
      return { shiftsFrom: saturday, shiftsTo: addDays(saturday, 1) };
    }
    case '7tage':
      return { shiftsFrom: today, shiftsTo: addDays(today, 6) };
    case 'zeitraum': {
      const window: { shiftsFrom?: string; shiftsTo?: string } = {};
      if (filters.von) window.shiftsFrom = filters.von;
      if (filters.bis) window.shiftsTo = filters.bis;
      return window;
    }
    default:
      return {};
  }
}

function number(value: string | null): number | null {
  if (value === null || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

export function readFilters(params: URLSearchParams): JobFilters {
  const lat = number(params.get('lat'));
  const lon = number(params.get('lon'));
  const distance = number(params.get('umkreis'));
  const period = params.get('seit') ?? '';
  const sort = params.get('sortierung') ?? '';
  const page = number(params.get('seite'));
  const shift = params.get('einsatz') ?? '';
  const von = params.get('von') ?? '';
  const bis = params.get('bis') ?? '';
  const range = shift === 'zeitraum';
  const validVon = range && ISO_DATE.test(von) ? von : '';
  // To not before von, and at most 366 days together (the API's bound).
  const validBis = range && ISO_DATE.test(bis) && (!validVon || (bis >= validVon && bis <= addDays(validVon, 365))) ? bis : '';
  const einsatz = SHIFT_CHOICES.some((c) => c.value === shift) && (!range || validVon || validBis) ? shift : '';
  const placeValid = lat !== null && lon !== null && Math.abs(lat) <= 90 && Math.abs(lon) <= 180;
  return {
    was: params.get('was')?.trim() ?? '',
    wo: params.get('wo')?.trim() ?? '',
    lat: placeValid ? lat : null,
    lon: placeValid ? lon : null,
    umkreis: DISTANCES_KM.includes(distance as (typeof DISTANCES_KM)[number]) ? (distance as number) : DEFAULT_DISTANCE_KM,
    seit: RELEASE_PERIODS.some((p) => p.value === period) ? period : '',
    sortierung: SORTINGS.some((s) => s.value === sort) && (sort !== 'distance' || placeValid) ? sort : '',
    seite: page !== null && page >= 1 && Number.isInteger(page) ? Math.min(page, 50) : 1,
    einsatz,
    von: einsatz ? validVon : '',
    bis: einsatz ? validBis : '',
  };
}

/** The address-bar query, defaults left out so URLs stay short. */
export function filtersQuery(filters: JobFilters): string {
  const params = new URLSearchParams();
  if (filters.was) params.set('was', filters.was);
  if (filters.wo && filters.lat !== null && filters.lon !== null) {
    params.set('wo', filters.wo);
    params.set('lat', filters.lat.toFixed(5));
    params.set('lon', filters.lon.toFixed(5));
    if (filters.umkreis !== DEFAULT_DISTANCE_KM) params.set('umkreis', String(filters.umkreis));
  }
  if (filters.seit) params.set('seit', filters.seit);
  if (filters.einsatz) params.set('einsatz', filters.einsatz);
  if (filters.einsatz === 'zeitraum' && filters.von) params.set('von', filters.von);
  if (filters.einsatz === 'zeitraum' && filters.bis) params.set('bis', filters.bis);
  if (filters.sortierung) params.set('sortierung', filters.sortierung);
  if (filters.seite > 1) params.set('seite', String(filters.seite));
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** Fixed parts a route adds: activities of /jobs/suche-als/..., the job type, a city. */
export type SearchContext = { activities?: string[]; jobType?: string; city?: { lat: number; lon: number } | string; what?: string };

export const PAGE_SIZE = 20;

/** `today`: Berlin's date (berlinToday), for the shift dates. */
export function apiQuery(filters: JobFilters, context: SearchContext = {}, today: string = berlinToday()): JobQuery {
  const query: JobQuery = { itemsPerPage: PAGE_SIZE, page: filters.seite };
  const text = [context.what, filters.was].filter(Boolean).join(' ');
  if (text) query.q = text;
  if (context.activities?.length) query.activity = context.activities.join(',');
  if (context.jobType) query.jobType = context.jobType;
  if (filters.lat !== null && filters.lon !== null) {
    query.lat = filters.lat;
    query.lon = filters.lon;
    query.distance = filters.umkreis;
  } else if (typeof context.city === 'string') {
    query.city = context.city;
  } else if (context.city) {
    query.lat = context.city.lat;
    query.lon = context.city.lon;
    query.distance = filters.umkreis;
  }
  if (filters.seit) query.interval_created = filters.seit;
  Object.assign(query, shiftWindow(filters, today));
  if (filters.sortierung) query.sort = filters.sortierung;
  return query;
}

/** True when nothing narrows the search: such a filter cannot become a job alert. */
export function isEmptySearch(filters: JobFilters, context: SearchContext = {}): boolean {
  return !filters.was && filters.lat === null && !filters.seit && !filters.einsatz && !context.activities?.length && !context.jobType && !context.city && !context.what;
}

export function searchHeading(filters: JobFilters, base = 'Jobs'): string {
  let heading = base;
  if (filters.was) heading += ` für „${filters.was}“`;
  // The place's own name: the suggestion's label adds region and country ("Lübeck, Schleswig-Holstein, Deutschland").
  if (filters.wo && filters.lat !== null) heading += ` in ${(filters.wo.split(',')[0] ?? filters.wo).trim()}`;
  return heading === 'Jobs' ? 'Alle Jobs' : heading;
}
