// First-party identifiers of the visit (site-shell-and-providers.md, sections 3 and 9):
// * pb_visitor_id: 16 random characters, 60 days;
// * pb_last_click: the campaign values of the last visit that came with any (utm_*, mtm_*), with
//   its date, 60 days. Tracking events carry them as their last-click parameters.
import { readCookie, writeCookie } from '@/shared/lib/cookies';

export const VISITOR_COOKIE = 'pb_visitor_id';
export const CAMPAIGN_COOKIE = 'pb_last_click';
const SIXTY_DAYS_S = 5_184_000;
export const CAMPAIGN_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'mtm_content', 'mtm_keyword', 'mtm_cid', 'mtm_group'] as const;

const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

export function newVisitorId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('');
}

export function ensureVisitorId(): string {
  const existing = readCookie(VISITOR_COOKIE);
  if (existing && /^[A-Za-z0-9]{16}$/.test(existing)) return existing;
  const id = newVisitorId();
  writeCookie(VISITOR_COOKIE, id, { maxAgeSeconds: SIXTY_DAYS_S });
  return id;
}

export type LastClick = Partial<Record<(typeof CAMPAIGN_KEYS)[number] | 'date', string>>;

/** Campaign values of a query string, empty ones dropped; null when there are none. */
export function campaignFromQuery(search: string, now = new Date()): LastClick | null {
  const params = new URLSearchParams(search);
  const values: LastClick = {};
  for (const key of CAMPAIGN_KEYS) {
    const value = params.get(key)?.trim();
    if (value) values[key] = value;
  }
  if (Object.keys(values).length === 0) return null;
  return { date: now.toISOString(), ...values };
}

export function rememberCampaign(search: string) {
  const campaign = campaignFromQuery(search);
  if (campaign) writeCookie(CAMPAIGN_COOKIE, JSON.stringify(campaign), { maxAgeSeconds: SIXTY_DAYS_S });
}

export function lastClick(): LastClick {
  try {
    return JSON.parse(readCookie(CAMPAIGN_COOKIE) ?? '{}') as LastClick;
  } catch {
    return {};
  }
}
