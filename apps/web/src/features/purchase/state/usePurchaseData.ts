import { startTransition, useEffect, useReducer, useRef, useState } from 'react';
import { useHydrated } from '../../../lib/useHydrated';
import { INITIAL_PURCHASE_DATA, purchaseReducer } from './purchaseData';
import { readStoredPurchase, storedPurchaseNow, storePurchase } from './storedPurchase';

/**
 * The purchase data with session-storage persistence, written after every change.
 *
 * The flow's first step is prerendered for a new visitor (decision 090): on the server and while
 * the page hydrates the data is the initial data, whatever this tab stored; once hydrated, what it
 * stored replaces it (`onRestore` is told first). A render in the browser starts from what is stored
 * when its reader has loaded (the router loads it with the flow: `prepareStoredPurchase`).
 *
 * `restored` is false until storage has been read: until then nothing is written (the initial data
 * would clear what is stored) and the first step's Continue waits.
 */
export function usePurchaseData(onRestore?: () => void) {
  const hydrated = useHydrated();
  const [stored] = useState(() => (hydrated ? storedPurchaseNow() : undefined));
  const [data, dispatch] = useReducer(purchaseReducer, stored ?? INITIAL_PURCHASE_DATA);
  const [restored, setRestored] = useState(stored !== undefined);
  const restoring = useRef(onRestore);
  restoring.current = onRestore;

  useEffect(() => {
    if (restored) return;
    let live = true;
    void readStoredPurchase()
      .catch(() => null) // its chunk failed to load: start afresh rather than never
      .then((found) => {
        if (!live) return;
        if (found) restoring.current?.();
        // One update: the stored step shows once its chunk has loaded, the first step until then.
        startTransition(() => {
          if (found) dispatch({ type: 'RESTORED', data: found });
          setRestored(true);
        });
      });
    return () => {
      live = false;
    };
  }, [restored]);

  useEffect(() => {
    if (restored) storePurchase(data);
  }, [data, restored]);

  return [data, dispatch, restored] as const;
}
