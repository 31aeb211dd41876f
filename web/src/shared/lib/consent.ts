// The cookie consent rules (site-shell-and-providers.md, sections 4 and 9): the banner shows
// unless a consent cookie exists with version 2 and is younger than 90 days. Both choices
// ("all" and "required") store choice, version and timestamp. Only "all" allows what needs
// consent (analytics, ad server).
import { readCookie, writeCookie } from '@/shared/lib/cookies';

export const CONSENT_COOKIE = 'cookie_consent';
export const CONSENT_VERSION = 2;
export const CONSENT_VALIDITY_DAYS = 90;
const DAY_MS = 86_400_000;

export type ConsentChoice = 'all' | 'required';
export type Consent = { choice: ConsentChoice; version: number; timestamp: number };

/** The stored consent, or null when there is none, it is unreadable, outdated or expired. */
export function validConsent(raw: string | null, now: number): Consent | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { choice, version, timestamp } = value as Record<string, unknown>;
  if (choice !== 'all' && choice !== 'required') return null;
  if (version !== CONSENT_VERSION) return null;
  if (typeof timestamp !== 'number' || timestamp > now) return null;
  if (now - timestamp >= CONSENT_VALIDITY_DAYS * DAY_MS) return null;
  return { choice, version, timestamp };
}

export function needsBanner(raw: string | null, now: number): boolean {
  return validConsent(raw, now) === null;
}

/** True only after "Alle akzeptieren": analytics and the ad server may load. */
export function allowsOptional(raw: string | null, now: number): boolean {
  return validConsent(raw, now)?.choice === 'all';
}

export function readConsentCookie(): string | null {
  return readCookie(CONSENT_COOKIE);
}

export function storeConsent(choice: ConsentChoice, now = Date.now()): Consent {
  const consent: Consent = { choice, version: CONSENT_VERSION, timestamp: now };
  writeCookie(CONSENT_COOKIE, JSON.stringify(consent), {
    maxAgeSeconds: CONSENT_VALIDITY_DAYS * 86_400,
    secure: true,
  });
  return consent;
}
