import { useSyncExternalStore } from 'react';

/** The spec's mobile layout applies at 990 px or less (not Bootstrap's 992). */
export const NARROW_QUERY = '(max-width: 990px)';

function subscribe(onChange: () => void): () => void {
  const list = window.matchMedia(NARROW_QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

const getSnapshot = () => window.matchMedia(NARROW_QUERY).matches;
/**
 * What the server's prerender (and the browser, while hydrating it) assumes: narrow. Most visitors
 * are on phones, where the first screen must not change once the page comes alive; on a wide screen
 * the header's links replace its menu button in place, moving nothing.
 */
const getServerSnapshot = () => true;

export function useIsNarrow(): boolean {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}
