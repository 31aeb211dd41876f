import { render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { keepServerPaint, serverPaintHtml, serverPaintOver } from '@/shared/lib/server-paint';
import { ServerPaintOr } from './server-paint';

// The root element as `jobhafen serve` sends /jobs (actors/content/job_paint.cpp).
function drawnRoot(): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML =
    '<div class="server-paint" data-server-paint=""><h1>Alle Jobs</h1><section data-server-paint-results="">' +
    '<p class="sp-count">2 Jobs gefunden</p><ol class="sp-list"><li><h2><a href="/jobs/a-1">&lt;b&gt;Promoter</a></h2></li></ol></section></div>';
  return root;
}

describe('server paint', () => {
  afterEach(() => serverPaintOver());

  it('keeps only a root the server drew', () => {
    const plain = document.createElement('div');
    plain.innerHTML = '<main>prerendered</main>';
    expect(keepServerPaint(plain, '/jobs')).toBe(false);
    expect(serverPaintHtml(undefined, '/jobs')).toBeNull();
    expect(keepServerPaint(drawnRoot(), '/jobs')).toBe(true);
    expect(serverPaintHtml(undefined, '/jobs')).toContain('<h1>Alle Jobs</h1>');
  });

  it('gives a part, only on the page it was drawn for, until the first navigation', () => {
    keepServerPaint(drawnRoot(), '/jobs');
    const results = serverPaintHtml('[data-server-paint-results]', '/jobs');
    expect(results).toMatch(/^<section data-server-paint-results="">/);
    expect(results).not.toContain('<h1>');
    expect(serverPaintHtml(undefined, '/jobs/a-1')).toBeNull();
    serverPaintOver();
    expect(serverPaintHtml(undefined, '/jobs')).toBeNull();
  });

  it('shows the picture in the loading place, and the loading notice without one', () => {
    window.history.replaceState(null, '', '/jobs');
    const without = render(<ServerPaintOr><p>Jobs werden geladen …</p></ServerPaintOr>);
    expect(without.container.textContent).toBe('Jobs werden geladen …');
    without.unmount();
    keepServerPaint(drawnRoot());
    const drawn = render(<ServerPaintOr selector="[data-server-paint-results]"><p>Jobs werden geladen …</p></ServerPaintOr>);
    expect(drawn.container.textContent).toBe('2 Jobs gefunden<b>Promoter');
    expect(drawn.container.querySelector('a')?.getAttribute('href')).toBe('/jobs/a-1');
    expect(drawn.container.querySelector('b')).toBeNull();
  });
});
