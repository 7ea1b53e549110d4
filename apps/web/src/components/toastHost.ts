import { useSyncExternalStore } from 'react';

/*
 * Whether a toast has been raised yet. The toast container (components/Toasts.tsx, with
 * react-toastify and its styles) is loaded on the first toast only: most visits never show one,
 * and none of the first screens does. react-toastify keeps a toast raised before its container
 * mounts and shows it once it has.
 */
let requested = false;
const listeners = new Set<() => void>();

export function requestToastHost(): void {
  if (requested) return;
  requested = true;
  listeners.forEach((listener) => listener());
}

export function useToastHostRequested(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => requested,
    () => false,
  );
}
