// Where an application comes from, as the flow's URL carries it (application-source.ts): the
// campaign values and the referring site's host, bounded so a crafted link cannot make the
// application fail, and nothing written to a cookie or to storage.
import { afterEach, describe, expect, it } from 'vitest';
import { flowSource, referrerHost, sourceBody, withSource } from './application-source';

afterEach(() => {
  document.cookie.split(';').forEach((c) => (document.cookie = `${c.split('=')[0]?.trim()}=; max-age=0; path=/`));
  localStorage.clear();
  sessionStorage.clear();
});

describe('application source', () => {
  it('reads the campaign values of the query and keeps them in the next step’s URL', () => {
    const source = flowSource('?utm_source=indeed&utm_medium=cpc&utm_campaign=sommer&q=promoter', 'https://de.indeed.com/viewjob?jk=1', 'jobhafen.de');
    expect(source).toEqual({ utm_source: 'indeed', utm_medium: 'cpc', utm_campaign: 'sommer' });
    expect(withSource('/jobs-bewerbung/promoter-1', source)).toBe('/jobs-bewerbung/promoter-1?utm_source=indeed&utm_medium=cpc&utm_campaign=sommer');
    expect(withSource('?loginApply=1', source)).toBe('?loginApply=1&utm_source=indeed&utm_medium=cpc&utm_campaign=sommer');
    expect(sourceBody(source)).toEqual({ utm_source: 'indeed', utm_medium: 'cpc', utm_campaign: 'sommer' });
    // Nothing is remembered outside the URL.
    expect(document.cookie).toBe('');
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
  });

  it('takes only the host of another site the visitor came from, never its path or query', () => {
    expect(referrerHost('https://www.google.de/search?q=jana+meyer+promoter', 'jobhafen.de')).toBe('www.google.de');
    expect(referrerHost('https://jobhafen.de/jobs?x=1', 'jobhafen.de')).toBeUndefined();
    // Our own www. name (it redirects to the bare one) is not another site, either way round.
    expect(referrerHost('https://www.jobhafen.de/', 'jobhafen.de')).toBeUndefined();
    expect(referrerHost('https://jobhafen.de/', 'www.jobhafen.de')).toBeUndefined();
    expect(referrerHost('https://www.jobhafen.de.example.org/', 'jobhafen.de')).toBe('www.jobhafen.de.example.org');
    expect(referrerHost('', 'jobhafen.de')).toBeUndefined();
    expect(referrerHost('kein url', 'jobhafen.de')).toBeUndefined();
    const source = flowSource('', 'https://www.google.de/search?q=promoter', 'jobhafen.de');
    expect(source).toEqual({ ref: 'www.google.de' });
    expect(withSource('/jobs-bewerbung/x', source)).toBe('/jobs-bewerbung/x?ref=www.google.de');
    // The next page reads `ref` from its own URL; its referrer is no longer the search engine.
    expect(flowSource('?ref=www.google.de', '', 'jobhafen.de')).toEqual({ ref: 'www.google.de' });
    expect(sourceBody({ ref: 'www.google.de' })).toEqual({ referrerHost: 'www.google.de' });
    // A `ref` that is not a host name is dropped, not sent.
    expect(flowSource('?ref=https%3A%2F%2Fevil.example%2Fpath', '', 'jobhafen.de')).toEqual({});
  });

  it('reads the page before on our own site when the browser loaded this one (a click before the app took over)', () => {
    expect(flowSource('', 'https://jobhafen.de/jobs/promoter-1?utm_source=indeed', 'jobhafen.de')).toEqual({ utm_source: 'indeed' });
    expect(flowSource('', 'https://jobhafen.de/jobs/promoter-1?ref=www.bing.com', 'jobhafen.de')).toEqual({ ref: 'www.bing.com' });
    // The page's own query wins; our own page without a source is no source.
    expect(flowSource('?utm_source=xing', 'https://jobhafen.de/jobs/promoter-1?utm_source=indeed', 'jobhafen.de')).toEqual({ utm_source: 'xing' });
    expect(flowSource('', 'https://jobhafen.de/jobs/promoter-1', 'jobhafen.de')).toEqual({});
  });

  it('clips overlong values to 100 characters and drops control characters', () => {
    const long = 'x'.repeat(250);
    const source = flowSource(`?utm_campaign=${long}&utm_source=in%00deed`, '', 'jobhafen.de');
    expect(source.utm_campaign).toHaveLength(100);
    expect(source.utm_source).toBe('indeed');
  });

  it('sends no source for a direct visit', () => {
    expect(flowSource('', '', 'jobhafen.de')).toEqual({});
    expect(sourceBody({})).toBeUndefined();
    expect(withSource('/jobs-bewerbung/x', {})).toBe('/jobs-bewerbung/x');
  });
});
