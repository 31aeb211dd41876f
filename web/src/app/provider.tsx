// Everything the whole app needs from context. The router sits inside, so
// routes and components can use queries.
import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { seedInitialData } from '@/shared/lib/initial-data';
import { createQueryClient } from './query-client';

export function AppProvider({ children }: { children: ReactNode }) {
  // One client per app instance (not per render, not shared between tests).
  // The server's embedded answers for this page go in before the first render.
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    seedInitialData(client);
    return client;
  });
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
