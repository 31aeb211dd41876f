import { describe, expect, it } from 'vitest';
import { campaignFromQuery, newVisitorId } from './visitor';

describe('visitor id and campaign values', () => {
  it('makes 16-character visitor ids', () => {
    const id = newVisitorId();
    expect(id).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(newVisitorId()).not.toBe(id);
  });

  it('keeps the campaign values of a visit, drops empty ones, stamps the date', () => {
    const at = new Date('2026-11-21T10:00:00Z');
    expect(campaignFromQuery('?utm_source=newsletter&utm_medium=&mtm_cid=42&other=x', at)).toEqual({
      date: '2026-11-21T10:00:00.000Z',
      utm_source: 'newsletter',
      mtm_cid: '42',
    });
  });

  it('has nothing to keep without campaign values', () => {
    expect(campaignFromQuery('?was=Promotion')).toBeNull();
    expect(campaignFromQuery('')).toBeNull();
  });
});
