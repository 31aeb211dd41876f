// Renders the real route table at a given URL, with a fresh QueryClient that
// never retries (a failing query fails at once) and a stubbed API; `renderWithQueries`
// renders one component with such a client, for tests of a component alone.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { routes } from '@/app/router';

type ApiStub = (path: string, init?: RequestInit) => Response | Promise<Response>;

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** GET /api/candidate_accounts/me of a signed-in candidate with a profile. */
export const SIGNED_IN_CANDIDATE = {
  id: 5,
  email: 'jana@example.de',
  emailVerified: true,
  candidateProfile: { id: 7, firstName: 'Jana', lastName: 'Müller', profileImagePortrait: null },
  impersonatorId: null,
};

/** Answers GET /api/health with "all ok" and every other call with 404. */
export const healthyApi: ApiStub = (path) =>
  path === '/api/health'
    ? jsonResponse(200, { postgres: 'ok', redis: 'ok' })
    : jsonResponse(404, {});

export function renderApp(url = '/', api: ApiStub = healthyApi) {
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
    Promise.resolve(api(String(input), init)),
  );
  vi.stubGlobal('fetch', fetchMock);

  const router = createMemoryRouter(routes, { initialEntries: [url] });
  return { ...renderWithQueries(<RouterProvider router={router} />), router, fetchMock };
}

export function renderWithQueries(ui: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>);
  return { ...view, queryClient };
}
