// "Was?" suggests as one types: the server's suggestions for the word being typed appear under the
// field, and choosing one completes that word (the words before it stay).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp, renderWithQueries } from '@/testing/render-app';
import { completed, WhatAutocomplete } from './what-autocomplete';

function Field() {
  const [text, setText] = useState('');
  return <WhatAutocomplete value={text} onChange={setText} />;
}

const renderField = () => renderWithQueries(<Field />);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Was? suggestions', () => {
  it('suggests activities and words for the word being typed and completes it', async () => {
    const fetch = vi.fn((_url: string) =>
      Promise.resolve(
        jsonResponse(200, {
          'hydra:member': [
            { kind: 'activity', name: 'Promotion', slug: 'promotion', jobs: 12 },
            { kind: 'word', name: 'Promoter', jobs: 1 },
          ],
          'hydra:totalItems': 2,
        }),
      ),
    );
    vi.stubGlobal('fetch', fetch);
    renderField();
    const input = screen.getByRole('combobox', { name: 'Was?' });
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'Hamburg Promo' } });
    const option = await screen.findByRole('option', { name: /Promotion/ });
    expect(option.textContent).toContain('Tätigkeit · 12 Jobs');
    expect(screen.getByRole('option', { name: /Promoter/ }).textContent).toContain('1 Job');
    expect(String(fetch.mock.calls[0]?.[0])).toContain('/api/search_suggestions?text=Hamburg+Promo');
    fireEvent.mouseDown(option);
    expect((input as HTMLInputElement).value).toBe('Hamburg Promotion');
    expect(screen.queryByRole('option')).toBeNull();
  });

  it('asks nothing for a single letter', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderField();
    const input = screen.getByRole('combobox', { name: 'Was?' });
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'P' } });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(fetch).not.toHaveBeenCalled();
  });

  it('closes the list on Escape, keeps the typed text, and "Jobs finden" then searches for it', async () => {
    const asked: URLSearchParams[] = [];
    const { router } = renderApp('/jobs/suche', (path) => {
      const { pathname, searchParams } = new URL(path, 'http://localhost');
      if (pathname === '/api/search_suggestions')
        return jsonResponse(200, { 'hydra:member': [{ kind: 'activity', name: 'Promotion', slug: 'promotion', jobs: 12 }], 'hydra:totalItems': 1 });
      if (pathname === '/api/job_postings') {
        asked.push(searchParams);
        return jsonResponse(200, { 'hydra:member': [], 'hydra:totalItems': 0 });
      }
      if (pathname === '/api/candidate_accounts/me') return jsonResponse(401, {});
      return jsonResponse(404, {});
    });
    const input = (await screen.findByRole('combobox', { name: 'Was?' })) as HTMLInputElement;
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'Promo' } });
    const list = document.getElementById(input.getAttribute('aria-controls')!)!;
    await within(list).findByRole('option', { name: /Promotion/ });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    const escape = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true });
    input.dispatchEvent(escape);
    // Closed, and the browser is told not to clear the search field as it would on Escape.
    await waitFor(() => expect(list.hidden).toBe(true));
    expect(escape.defaultPrevented).toBe(true);
    expect(input.value).toBe('Promo');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: 'Jobs finden' }));
    await waitFor(() => expect(router.state.location.search).toContain('was=Promo'));
    await waitFor(() => expect(asked.some((p) => p.get('q') === 'Promo')).toBe(true));
  });

  it('replaces only the last word', () => {
    expect(completed('Messe Hos', 'Hostess')).toBe('Messe Hostess');
    expect(completed('Prom ', 'Promotion')).toBe('Promotion');
  });
});
