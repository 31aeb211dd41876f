// The one way the web app talks to the Jobhafen API (`/api/...`).
//
// Behaviour follows the spec's "HTTP client" constants:
// * every attempt times out after 10 s (AbortController);
// * idempotent methods are retried up to 2 times on 408, 413, 429, 500, 502, 503
//   and 504, waiting 0.3 * 2^(n-1) seconds before retry n (0.3 s, then 0.6 s).
// The spec also lists TRACE, but fetch() refuses that method, so it is left out.
// Non-idempotent methods (POST, PATCH) are never retried: a retried application
// or registration could be stored twice.

export const API_BASE = '/api';
export const REQUEST_TIMEOUT_MS = 10_000;
export const MAX_RETRIES = 2;

const RETRY_METHODS = new Set(['GET', 'PUT', 'HEAD', 'DELETE', 'OPTIONS']);
const RETRY_STATUSES = new Set([408, 413, 429, 500, 502, 503, 504]);

// Headers sent with every call, e.g. `_switch_user` while an administrator impersonates a
// candidate (shared/lib/impersonation.ts sets and removes it).
const defaultHeaders = new Map<string, string>();

export function setDefaultHeader(name: string, value: string | null): void {
  if (value === null) defaultHeaders.delete(name);
  else defaultHeaders.set(name, value);
}

export function getDefaultHeader(name: string): string | undefined {
  return defaultHeaders.get(name);
}

type Method = 'GET' | 'HEAD' | 'OPTIONS' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type RequestOptions = {
  method?: Method;
  /** A plain value is sent as JSON; FormData (file uploads) is sent as is. */
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string>;
  /** Cancels the request, e.g. the `signal` TanStack Query passes to a queryFn. */
  signal?: AbortSignal;
  timeoutMs?: number;
};

/** The server answered with a status outside 2xx. `body` is the parsed error body. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`API answered ${status}`);
  }
}

/** No answer within the timeout. Not retried: the user would wait 30 s in total. */
export class TimeoutError extends Error {
  override readonly name = 'TimeoutError';
  constructor(readonly timeoutMs: number) {
    super('Request timed out');
  }
}

/** Milliseconds to wait before retry `n` (1-based): 0.3 * 2^(n-1) seconds. */
export function retryDelayMs(n: number): number {
  return 0.3 * 2 ** (n - 1) * 1000;
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const url = buildUrl(path, options.query);
  const init = buildInit(method, options);
  const maxRetries = RETRY_METHODS.has(method) ? MAX_RETRIES : 0;

  for (let attempt = 0; ; attempt++) {
    const answer = await send(url, init, options);
    if (answer.ok) return answer.body as T;
    if (attempt < maxRetries && RETRY_STATUSES.has(answer.status)) {
      await sleep(retryDelayMs(attempt + 1), options.signal);
      continue;
    }
    throw new ApiError(answer.status, answer.body);
  }
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'DELETE' }),
};

function buildUrl(path: string, query: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.append(key, String(value));
  }
  const search = params.toString();
  return `${API_BASE}${path}${search ? `?${search}` : ''}`;
}

function buildInit(method: Method, options: RequestOptions): RequestInit {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    ...Object.fromEntries(defaultHeaders),
    ...options.headers,
  };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body; // the browser sets the multipart boundary itself
  } else if (options.body !== undefined) {
    // The API takes PATCH as JSON merge patch (RFC 7396), everything else as JSON.
    headers['Content-Type'] ??=
      method === 'PATCH' ? 'application/merge-patch+json' : 'application/json';
    body = JSON.stringify(options.body);
  }
  // Auth lives in HttpOnly cookies on our own origin, so same-origin credentials suffice.
  return { method, headers, body, credentials: 'same-origin' };
}

// One attempt: request and body, both within the timeout, aborted early when
// the caller's signal fires.
async function send(
  url: string,
  init: RequestInit,
  options: RequestOptions,
): Promise<{ ok: boolean; status: number; body: unknown }> {
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onCallerAbort = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', onCallerAbort, { once: true });
  if (options.signal?.aborted) onCallerAbort();

  try {
    const response = await fetch(url, { ...init, signal: controller.signal });
    const text = await response.text();
    const type = response.headers.get('Content-Type') ?? '';
    return { ok: response.ok, status: response.status, body: parseBody(text, type, response.ok) };
  } catch (error) {
    if (timedOut) throw new TimeoutError(timeoutMs);
    throw error;
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onCallerAbort);
  }
}

// JSON when the server says so, text otherwise, nothing for an empty body
// (204, or HEAD, which carries GET's Content-Type but no body). Broken JSON in
// a success is an error; in an error answer it must not hide the status.
function parseBody(text: string, contentType: string, strict: boolean): unknown {
  if (!text) return undefined;
  if (!/[/+]json\b/.test(contentType)) return text;
  try {
    return JSON.parse(text);
  } catch (error) {
    if (strict) throw error;
    return undefined;
  }
}

// Waits between retries; a cancelled query must not keep retrying in the background.
function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
