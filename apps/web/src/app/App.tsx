// First: in production nothing after this writes to the browser console.
import './silenceConsole';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { useToastHostRequested } from '../components/toastHost';
import { createQueryClient } from './queryClient';
import { createAppRouter } from './router';

// The toast container and its styles load with the first toast (components/toastHost.ts).
const Toasts = lazy(() => import('../components/Toasts'));

export function App() {
  // Created once per mounted app, not at module load, so tests get fresh instances.
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createAppRouter);
  const toastsWanted = useToastHostRequested();
  // The app answers clicks from here on: a prerendered page is hydrated (the e2e specs wait for it).
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      {toastsWanted && (
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
      )}
    </QueryClientProvider>
  );
}
