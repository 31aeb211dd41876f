// useHydrated: false while a page is drawn at build time and while the browser hydrates it (so both
// draw the same), true right after; a page drawn without prerendered HTML sees true at once.
import { act } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { hydrationOver, startFromHtml, useHydrated } from './hydration';

function Probe() {
  return <p>{useHydrated() ? 'im Browser' : 'vorgezeichnet'}</p>;
}

describe('useHydrated', () => {
  it('is false in the prerender and during hydration, then true without a mismatch', async () => {
    startFromHtml();
    const html = renderToString(<Probe />);
    expect(html).toBe('<p>vorgezeichnet</p>');
    const container = document.createElement('div');
    container.innerHTML = html;
    const onRecoverableError = vi.fn();
    await act(async () => {
      hydrateRoot(container, <Probe />, { onRecoverableError });
    });
    expect(container.textContent).toBe('im Browser');
    expect(onRecoverableError).not.toHaveBeenCalled();
  });

  it('is true at once when the app starts without prerendered HTML', async () => {
    hydrationOver();
    const container = document.createElement('div');
    const seen: string[] = [];
    function Recording() {
      seen.push(String(useHydrated()));
      return null;
    }
    await act(async () => {
      createRoot(container).render(<Recording />);
    });
    expect(seen).not.toContain('false');
  });
});
