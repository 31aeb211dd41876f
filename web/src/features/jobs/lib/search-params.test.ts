import { describe, expect, it } from 'vitest';
import { jobSearchHeading, jobSearchQuery, readJobSearch } from './search-params';

describe('job search parameters', () => {
  it('reads and trims was/wo', () => {
    expect(readJobSearch(new URLSearchParams('was=+Promotion+&wo=M%C3%BCnchen'))).toEqual({
      was: 'Promotion',
      wo: 'München',
    });
    expect(readJobSearch(new URLSearchParams())).toEqual({ was: '', wo: '' });
  });

  it('leaves empty fields out of the query string', () => {
    expect(jobSearchQuery({ was: 'Messe', wo: ' ' })).toBe('?was=Messe');
    expect(jobSearchQuery({ was: '', wo: '' })).toBe('');
    expect(jobSearchQuery({ was: 'Kellner/in', wo: 'Köln' })).toBe('?was=Kellner%2Fin&wo=K%C3%B6ln');
  });

  it.each([
    [{ was: 'Promotion', wo: 'Berlin' }, undefined, 'Jobs für „Promotion“ in Berlin'],
    [{ was: 'Promotion', wo: '' }, undefined, 'Jobs für „Promotion“'],
    [{ was: '', wo: 'Köln' }, undefined, 'Jobs in Köln'],
    [{ was: '', wo: '' }, undefined, 'Alle Jobs'],
    [{ was: '', wo: '' }, 'Messejobs', 'Messejobs'],
    [{ was: 'Hostess', wo: 'Hamburg' }, 'Messejobs', 'Messejobs für „Hostess“ in Hamburg'],
  ])('heading for %o (%s) is %s', (search, label, heading) => {
    expect(jobSearchHeading(search, label)).toBe(heading);
  });
});
