// The route table. The start page is in the main bundle because almost every
// visit begins there; every other page is its own chunk (React.lazy), loaded on
// first visit, so the first page's JavaScript stays small.
import { lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { JOB_TYPES } from '@/features/jobs/lib/job-types';
import { RootLayout } from './layout/root-layout';
import { ErrorPage } from './routes/error-page';
import { HomePage } from './routes/home-page';

const JobsPage = lazy(() =>
  import('@/features/jobs/routes/jobs-page').then((m) => ({ default: m.JobsPage })),
);
const NotFoundPage = lazy(() =>
  import('./routes/not-found-page').then((m) => ({ default: m.NotFoundPage })),
);

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    // Last resort if the layout itself fails.
    errorElement: <ErrorPage />,
    children: [
      {
        // A page that fails renders the error inside the layout, so header and
        // footer (and the way home) stay.
        errorElement: <ErrorPage />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'jobs', element: <JobsPage /> },
          ...JOB_TYPES.map((jobType) => ({
            path: jobType.path.slice(1),
            element: <JobsPage jobType={jobType} />,
          })),
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
