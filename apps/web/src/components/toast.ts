import { toast, type ToastOptions } from 'react-toastify/unstyled';
import { requestToastHost } from './toastHost';

/** Toasts last 8 seconds everywhere (spec part 1, section 9). */
export const TOAST_DURATION_MS = 8000;

export const toastDefaults: ToastOptions = { autoClose: TOAST_DURATION_MS, position: 'top-right' };

/** Raises a toast, loading the container first if this is the first one (toastHost.ts). */
function show(kind: 'info' | 'success' | 'error', message: string) {
  requestToastHost();
  return toast[kind](message, toastDefaults);
}

export const notify = {
  info: (message: string) => show('info', message),
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  /** Shown for menu entries that exist but are not built yet. */
  comingSoon: () => show('info', 'Coming soon!'),
};
