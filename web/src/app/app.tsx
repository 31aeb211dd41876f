// The application root: providers around the router.
import { useEffect, useState } from 'react';
import { hydrationOver } from '@/shared/lib/hydration';
import { serverPaintOver } from '@/shared/lib/server-paint';
import { RouterProvider } from 'react-router/dom';
import { AppProvider } from './provider';
import { createAppRouter } from './router';

export function App() {
  const [router] = useState(createAppRouter);
  // The first navigation ends the prerendered page's hydration (shared/lib/hydration.ts) and the
  // server's picture of a job page (shared/lib/server-paint.ts).
  useEffect(() => {
    const first = router.state.location;
    return router.subscribe((state) => {
      if (state.location === first) return;
      hydrationOver();
      serverPaintOver();
    });
  }, [router]);
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
