// Where an application comes from (issue 44, item 4; docs/reach.md, "Herkunft der Bewerbungen"):
// the campaign values (utm_source, utm_medium, utm_campaign, read as visitor.ts reads them) and the
// referring site's host name (`ref`). They travel in the URL of the application flow — job page →
// /jobs-bewerbung/… → sign-in dialog (?loginApply) → the apply or register-and-apply request — and
// never in a cookie or in local or session storage: that needs no consent (TTDSG § 25,
// docs/decisions.md). Only a host name is kept of a referrer, never its path or query.
import { campaignFromQuery } from './visitor';

/** The server refuses longer values (422); a crafted link must not make the application fail. */
export const SOURCE_VALUE_MAX = 100;
const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign'] as const;
export const REFERRER_PARAM = 'ref';

export type FlowSource = Partial<Record<(typeof UTM_KEYS)[number] | typeof REFERRER_PARAM, string>>;

/** What the apply routes read as `source`. */
export type ApplicationSourceBody = { utm_source?: string; utm_medium?: string; utm_campaign?: string; referrerHost?: string };

/**
 * What the server refuses in a source value with 422 (application_source.cpp, invisible_ranges):
 * controls (C0, DEL, C1) and every character that shows nothing or turns text, so that no label can
 * read "Indeed" without being it. The flow drops them: a link that carries one (a zero-width space
 * copied from a chat) must not make the application fail (review 24).
 */
export const INVISIBLE_OR_CONTROL =
  /[\u0000-\u001f\u007f-\u009f\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u2028-\u202e\u2060-\u206f\u2800\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufffb\u{1d173}-\u{1d17a}\u{e0000}-\u{e007f}\u{e0100}-\u{e01ef}\u{110bd}]/gu;

const clean = (value: string | undefined | null): string | undefined => {
  const text = value?.replace(INVISIBLE_OR_CONTROL, '').trim();
  return text ? Array.from(text).slice(0, SOURCE_VALUE_MAX).join('') : undefined;
};

const hostName = (value: string | undefined | null): string | undefined => {
  const host = value?.trim().toLowerCase();
  return host && host.length <= SOURCE_VALUE_MAX && /^[a-z0-9][a-z0-9.-]*$/.test(host) ? host : undefined;
};

/** Whether two host names are the same site: "www.jobhafen.de" redirects to "jobhafen.de" (review 22). */
const sameSite = (a: string, b: string): boolean => {
  const bare = (host: string) => host.toLowerCase().replace(/^www\./, '');
  return bare(a) === bare(b);
};

/** The host of an address another site sent the visitor from; none for our own site or no address. */
export function referrerHost(referrer: string, ownHost: string): string | undefined {
  if (!referrer) return undefined;
  try {
    const host = new URL(referrer).hostname.toLowerCase();
    return host && !sameSite(host, ownHost) ? hostName(host) : undefined;
  } catch {
    return undefined;
  }
}

/** The query of a referrer on our own site: the page before, when the browser loaded this one. */
function ownReferrerQuery(referrer: string, ownHost: string): string {
  try {
    const address = new URL(referrer);
    return sameSite(address.hostname, ownHost) ? address.search : '';
  } catch {
    return '';
  }
}

/** The campaign values and `ref` of one query string. */
function fromQuery(search: string): FlowSource {
  const campaign = campaignFromQuery(search) ?? {};
  const out: FlowSource = {};
  for (const key of UTM_KEYS) {
    const value = clean(campaign[key]);
    if (value) out[key] = value;
  }
  const ref = hostName(new URLSearchParams(search).get(REFERRER_PARAM));
  if (ref) out[REFERRER_PARAM] = ref;
  return out;
}

/**
 * The source of this step of the flow: the campaign values and `ref` of the page's query. Without
 * any: those of our own page before, when the browser loaded this one (the server-drawn job page's
 * "Jetzt bewerben" clicked before the app took over: its address is the referrer), else the host of
 * another site the visitor came from (document.referrer, which stays the first page's referrer
 * while the app navigates).
 */
export function flowSource(
  search: string,
  referrer = typeof document === 'undefined' ? '' : document.referrer,
  ownHost = typeof window === 'undefined' ? '' : window.location.hostname,
): FlowSource {
  const own = fromQuery(search);
  if (Object.keys(own).length) return own;
  const before = fromQuery(ownReferrerQuery(referrer, ownHost));
  if (Object.keys(before).length) return before;
  const host = referrerHost(referrer, ownHost);
  return host ? { [REFERRER_PARAM]: host } : {};
}

/** `path` with the source in its query, so the next page of the flow keeps it. */
export function withSource(path: string, source: FlowSource): string {
  const [pathname, query = ''] = path.split('?', 2) as [string, string?];
  const params = new URLSearchParams(query);
  for (const [key, value] of Object.entries(source)) if (value) params.set(key, value);
  const text = params.toString();
  return text ? `${pathname}?${text}` : pathname;
}

/** The source as the apply request sends it; undefined when there is none ("Direkt"). */
export function sourceBody(source: FlowSource): ApplicationSourceBody | undefined {
  const body: ApplicationSourceBody = {};
  for (const key of UTM_KEYS) if (source[key]) body[key] = source[key];
  if (source.ref) body.referrerHost = source.ref;
  return Object.keys(body).length ? body : undefined;
}
