import { toast, type ToastOptions } from 'react-toastify';

/** Toasts last 8 seconds everywhere (spec part 1, section 9). */
export const TOAST_DURATION_MS = 8000;

export const toastDefaults: ToastOptions = { autoClose: TOAST_DURATION_MS, position: 'top-right' };

export const notify = {
  info: (message: string) => toast.info(message, toastDefaults),
  success: (message: string) => toast.success(message, toastDefaults),
  error: (message: string) => toast.error(message, toastDefaults),
  /** Shown for menu entries that exist but are not built yet. */
  comingSoon: () => toast.info('Coming soon!', toastDefaults),
};
