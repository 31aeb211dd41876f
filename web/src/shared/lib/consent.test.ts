import { describe, expect, it } from 'vitest';
import { allowsOptional, needsBanner, validConsent } from '@/shared/lib/consent';

const DAY = 86_400_000;
const now = Date.UTC(2026, 10, 21, 12);
const cookie = (value: object) => JSON.stringify(value);

describe('cookie consent rules', () => {
  it('shows the banner without a consent cookie or with an unreadable one', () => {
    expect(needsBanner(null, now)).toBe(true);
    expect(needsBanner('', now)).toBe(true);
    expect(needsBanner('{not json', now)).toBe(true);
    expect(needsBanner(cookie({ choice: 'maybe', version: 2, timestamp: now }), now)).toBe(true);
  });

  it('hides it for a version 2 consent younger than 90 days', () => {
    expect(needsBanner(cookie({ choice: 'required', version: 2, timestamp: now - 89 * DAY }), now)).toBe(false);
    expect(needsBanner(cookie({ choice: 'all', version: 2, timestamp: now }), now)).toBe(false);
  });

  it('asks again after 90 days', () => {
    expect(needsBanner(cookie({ choice: 'all', version: 2, timestamp: now - 90 * DAY }), now)).toBe(true);
  });

  it('asks again for an older consent version', () => {
    expect(needsBanner(cookie({ choice: 'all', version: 1, timestamp: now }), now)).toBe(true);
  });

  it('does not trust a timestamp from the future', () => {
    expect(validConsent(cookie({ choice: 'all', version: 2, timestamp: now + DAY }), now)).toBeNull();
  });

  it('allows analytics and ads only after "Alle akzeptieren"', () => {
    expect(allowsOptional(cookie({ choice: 'all', version: 2, timestamp: now }), now)).toBe(true);
    expect(allowsOptional(cookie({ choice: 'required', version: 2, timestamp: now }), now)).toBe(false);
    expect(allowsOptional(null, now)).toBe(false);
  });
});
