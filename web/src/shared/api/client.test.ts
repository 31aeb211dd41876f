// @vitest-environment node
// Unit tests of the API client itself, so stubbing fetch is the point here.
// Fake timers make the backoff (0.3 s, 0.6 s) and the 10 s timeout observable
// without waiting for them.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, request, retryDelayMs, TimeoutError } from './client';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

// Catches the error right away so no rejection goes unhandled while the test
// advances the fake clock; the test awaits the caught error afterwards.
function caught(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => new Error('expected the request to fail'),
    (error: unknown) => error,
  );
}

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

beforeEach(() => {
  vi.useFakeTimers();
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('retryDelayMs', () => {
  it('follows 0.3 * 2^(n-1) seconds', () => {
    expect([1, 2, 3].map(retryDelayMs)).toEqual([300, 600, 1200]);
  });
});

describe('api client', () => {
  it('prefixes /api and parses JSON', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { postgres: 'ok' }));

    await expect(api.get('/health', { query: { a: 1, b: undefined } })).resolves.toEqual({
      postgres: 'ok',
    });
    expect(fetchMock).toHaveBeenCalledWith('/api/health?a=1', expect.anything());
  });

  it('retries a GET on 503 after 300 ms and then 600 ms', async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse(503, { redis: 'down' }))
      .mockResolvedValueOnce(jsonResponse(502, {}))
      .mockResolvedValueOnce(jsonResponse(200, { ok: true }));

    const result = api.get('/health');
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(299);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);

    await vi.advanceTimersByTimeAsync(599);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(3);

    await expect(result).resolves.toEqual({ ok: true });
  });

  it('gives up after 2 retries and reports the last status and body', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(503, { postgres: 'down' }));

    const error = caught(api.get('/health'));
    await vi.advanceTimersByTimeAsync(10_000);

    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(await error).toBeInstanceOf(ApiError);
    expect(await error).toMatchObject({ status: 503, body: { postgres: 'down' } });
  });

  it.each([408, 413, 429, 500, 502, 503, 504])('retries status %i', async (status) => {
    fetchMock.mockImplementation(async () => jsonResponse(status, {}));

    const error = caught(api.get('/health'));
    await vi.advanceTimersByTimeAsync(10_000);

    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(await error).toMatchObject({ status });
  });

  it.each(['GET', 'PUT', 'HEAD', 'DELETE', 'OPTIONS'] as const)(
    'retries the idempotent method %s',
    async (method) => {
      fetchMock.mockImplementation(async () => jsonResponse(503, {}));

      const error = caught(request('/x', { method }));
      await vi.advanceTimersByTimeAsync(10_000);

      expect(fetchMock).toHaveBeenCalledTimes(3);
      expect(fetchMock.mock.calls.every(([, init]) => init?.method === method)).toBe(true);
      expect(await error).toMatchObject({ status: 503 });
    },
  );

  it.each([
    ['POST', () => api.post('/job_postings/1/apply', { notes: 'Hallo' })],
    ['PATCH', () => api.patch('/candidate_accounts/1', { newsletter: true })],
  ])('never retries %s', async (_method, call) => {
    fetchMock.mockImplementation(async () => jsonResponse(503, {}));

    const error = caught(call());
    await vi.advanceTimersByTimeAsync(10_000);

    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(await error).toMatchObject({ status: 503 });
  });

  it('does not retry statuses outside the list', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(404, {}));

    const error = caught(api.get('/job_postings/99'));
    await vi.advanceTimersByTimeAsync(10_000);

    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(await error).toMatchObject({ status: 404 });
  });

  it('aborts an attempt after 10 s with a TimeoutError', async () => {
    // A fetch that only ever settles by being aborted, like a hanging server.
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('', 'AbortError')));
        }),
    );

    const error = caught(api.get('/health'));
    await vi.advanceTimersByTimeAsync(9_999);
    expect(fetchMock.mock.calls[0]?.[1]?.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);

    expect(await error).toBeInstanceOf(TimeoutError);
    // A timeout is not retried: three 10 s attempts are too long to wait.
    await vi.advanceTimersByTimeAsync(30_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('stops retrying when the caller aborts during the backoff', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(503, {}));
    const controller = new AbortController();

    const error = caught(api.get('/health', { signal: controller.signal }));
    await vi.advanceTimersByTimeAsync(100);
    controller.abort();
    await vi.advanceTimersByTimeAsync(10_000);

    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(await error).toMatchObject({ name: 'AbortError' });
  });

  it('reads an empty answer as undefined', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response('', { status: 200, headers: { 'Content-Type': 'application/json' } }),
    );
    await expect(request('/health', { method: 'HEAD' })).resolves.toBeUndefined();
  });

  it('sends PATCH bodies as JSON merge patch', async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));

    await expect(api.patch('/candidate_accounts/1', { newsletter: true })).resolves.toBeUndefined();
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.method).toBe('PATCH');
    expect(init?.headers).toMatchObject({ 'Content-Type': 'application/merge-patch+json' });
    expect(init?.body).toBe('{"newsletter":true}');
  });
});
