// Everything the whole app needs from context. The router sits inside, so
// routes and components can use queries.
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { seedInitialData } from '@/shared/lib/initial-data';
import { createQueryClient } from './query-client';

export function AppProvider({ children, client: given }: { children: ReactNode; client?: QueryClient }) {
  // One client per app instance (not per render, not shared between tests).
  // The server's embedded answers for this page go in before the first render; the build-time
  // prerender brings its own client with the page's data.
  const [queryClient] = useState(() => {
    if (given) return given;
    const client = createQueryClient();
    seedInitialData(client);
    return client;
  });
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
