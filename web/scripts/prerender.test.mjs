// @vitest-environment node
// The prerender's choices: which shipped page is drawn at which route, the file the server looks
// for, and how the drawn page goes into the app's index.html.
import { describe, expect, it } from 'vitest';
import { asServed, fileOf, intoShell, routeOf } from './prerender.mjs';

describe('routeOf', () => {
  it('maps the shipped pages to the routes that draw them', () => {
    expect(routeOf({ slug: 'home', scope: 'candidate' })).toBe('/');
    expect(routeOf({ slug: 'landingpages-promotionjobs', scope: 'candidate' })).toBe('/promotionjobs');
    expect(routeOf({ slug: 'landingpages-cities', scope: 'candidate' })).toBe('/jobs-stadt');
    expect(routeOf({ slug: 'landingpages-activities', scope: 'candidate' })).toBe('/jobs-taetigkeit');
    expect(routeOf({ slug: 'ueber-uns', scope: 'candidate' })).toBe('/ueber-uns');
    expect(routeOf({ slug: 'recruiting', scope: 'organization' })).toBe('/recruiting');
    expect(routeOf({ slug: 'warum-jobhafen', scope: 'organization' })).toBe('/recruiting/warum-jobhafen');
  });

  it('leaves out templates, app pages and error pages', () => {
    for (const slug of ['landingpages-cities-city', 'landingpages-activities-activity', 'jobs', 'articles', 'error', 'error-organization'])
      expect(routeOf({ slug, scope: 'candidate' })).toBeNull();
  });
});

describe('fileOf', () => {
  it('names the file the server picks for a path', () => {
    expect(fileOf('/')).toBe('prerendered/index.html');
    expect(fileOf('/promotionjobs')).toBe('prerendered/promotionjobs.html');
    expect(fileOf('/recruiting/loesungen')).toBe('prerendered/recruiting/loesungen.html');
  });
});

describe('asServed', () => {
  it('drops inactive sections as the content API does', () => {
    const page = asServed({ slug: 'x', sections: [{ __component: 'divider', base_data: { active: false } }, { __component: 'faqs', base_data: { active: true } }] });
    expect(page.sections.map((s) => s.__component)).toEqual(['faqs']);
  });
});

describe('intoShell', () => {
  const shell = '<html><head><title>T</title></head><body><noscript>Jobhafen braucht JavaScript.</noscript>\n<div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>';

  it('puts the page into the root element, without the image hints React starts with and without the no-script notice', () => {
    const html = intoShell(shell, '<link rel="preload" as="image" imageSrcSet="/a.png 320w"/><main><h1>Hallo</h1></main>');
    expect(html).toContain('<div id="root"><main><h1>Hallo</h1></main></div>');
    expect(html).not.toContain('noscript');
    expect(html).not.toContain('rel="preload"');
    expect(html).toContain('<script type="module" src="/assets/index.js"></script>');
  });

  it('refuses a shell without an empty root element', () => {
    expect(() => intoShell('<div id="app"></div>', '<p>x</p>')).toThrow(/root/);
  });
});
