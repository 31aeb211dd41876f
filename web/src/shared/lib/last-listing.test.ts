// The remembered listing per kind, and that a listing of the same kind under another path (the
// candidates' tips and the providers' HR articles) is not offered as the way back.
import { beforeEach, describe, expect, it } from 'vitest';
import { lastListing, rememberListing } from './last-listing';

beforeEach(() => sessionStorage.clear());

describe('last listing', () => {
  it('leads back to the remembered list with its filters, else to the fallback', () => {
    expect(lastListing('organizations', '/jobanbieter')).toBe('/jobanbieter');
    rememberListing('organizations', '/jobanbieter?q=messe&seite=2');
    expect(lastListing('organizations', '/jobanbieter')).toBe('/jobanbieter?q=messe&seite=2');
  });

  it('with `within`, only a list under that path counts', () => {
    rememberListing('articles', '/recruiting/hr-wissen/vorlagen');
    expect(lastListing('articles', '/tipps-faq', '/tipps-faq')).toBe('/tipps-faq');
    expect(lastListing('articles', '/recruiting/hr-wissen', '/recruiting/hr-wissen')).toBe('/recruiting/hr-wissen/vorlagen');
    rememberListing('articles', '/tipps-faq?x=1');
    expect(lastListing('articles', '/tipps-faq', '/tipps-faq')).toBe('/tipps-faq?x=1');
    rememberListing('articles', '/tipps-faqs-alt');
    expect(lastListing('articles', '/tipps-faq', '/tipps-faq')).toBe('/tipps-faq');
  });
});
