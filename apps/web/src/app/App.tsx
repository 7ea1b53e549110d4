// First: in production nothing after this writes to the browser console.
import './silenceConsole';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { toastDefaults } from '../components/toast';
import { createQueryClient } from './queryClient';
import { createAppRouter } from './router';

export function App() {
  // Created once per mounted app, not at module load, so tests get fresh instances.
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createAppRouter);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <ToastContainer autoClose={toastDefaults.autoClose} position={toastDefaults.position} newestOnTop />
    </QueryClientProvider>
  );
}
