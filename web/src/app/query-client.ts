// The app's TanStack Query defaults. Tests build their own client with
// `retry: false` (see src/testing/render-app.tsx).
import { QueryClient } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // The API client already retries the HTTP statuses worth retrying
        // (shared/api/client.ts); retrying those here too would multiply the
        // requests. Only a failed connection (fetch rejects with a TypeError:
        // offline, connection reset) gets one more try.
        retry: (failureCount, error) => failureCount < 1 && error instanceof TypeError,
      },
    },
  });
}
