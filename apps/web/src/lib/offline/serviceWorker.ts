import { getSession, subscribeSession } from '../auth/session';

/** Where the build writes the worker (build/pwa.ts); served `no-cache`, so each visit checks for a new one. */
export const SERVICE_WORKER_URL = '/sw.js';

/**
 * Registers the service worker (decision 115) for a signed-in visitor, once the page has loaded:
 * at start when a session is stored, else when one begins. The worker precaches the whole app
 * (about 450 KB compressed) so that a holder's policies open offline; an anonymous visitor has no
 * policy to keep and the landing page's data and bandwidth stay its own (the app installs without
 * a worker all the same). In builds only: Vite's dev server has no worker. A browser without
 * workers, or one that refuses (storage full), simply has no offline copy.
 */
export function registerServiceWorkerWhenSignedIn(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  let registered = false;
  const register = () => {
    if (registered || !getSession().token) return;
    registered = true;
    void navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' }).catch(() => undefined);
  };
  const start = () => {
    register();
    if (registered) return;
    const stop = subscribeSession(() => {
      register();
      if (registered) stop();
    });
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
