// Everything the whole app needs from context. The router sits inside, so
// routes and components can use queries.
import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { createQueryClient } from './query-client';

export function AppProvider({ children }: { children: ReactNode }) {
  // One client per app instance (not per render, not shared between tests).
  const [queryClient] = useState(createQueryClient);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
