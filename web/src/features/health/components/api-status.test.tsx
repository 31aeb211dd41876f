// The API status notice: nothing while the API is healthy, a German notice when it answers 503.
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithQueries } from '@/testing/render-app';
import { healthKeys } from '../api/keys';
import { ApiStatus } from './api-status';

function renderStatus(response: () => Response) {
  const fetchMock = vi.fn(() => Promise.resolve(response()));
  vi.stubGlobal('fetch', fetchMock);
  return { ...renderWithQueries(<ApiStatus />), fetchMock };
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('ApiStatus', () => {
  it('stays invisible while the API is healthy', async () => {
    const { container, queryClient, fetchMock } = renderStatus(() =>
      jsonResponse(200, { postgres: 'ok', redis: 'ok' }),
    );

    await waitFor(() =>
      expect(queryClient.getQueryState(healthKeys.status())?.status).toBe('success'),
    );
    expect(fetchMock).toHaveBeenCalledWith('/api/health', expect.anything());
    expect(container.textContent).toBe('');
  });

  it('shows a German notice when the API answers 503', async () => {
    // Only setTimeout is faked: it drives the client's retry backoff, while
    // React's scheduler keeps running on real timers.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { fetchMock } = renderStatus(() => jsonResponse(503, { postgres: 'ok', redis: 'down' }));

    // The client retries the 503 twice (after 0.3 s and 0.6 s) before giving up.
    await act(() => vi.advanceTimersByTimeAsync(1_000));

    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(screen.getByRole('status').textContent).toMatch(/gerade gestört/);
  });
});
