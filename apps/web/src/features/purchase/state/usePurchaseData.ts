import { useEffect, useReducer } from 'react';
import { INITIAL_PURCHASE_DATA, purchaseCache, purchaseReducer, type PurchaseData } from './purchaseData';

/**
 * The purchase data with session-storage persistence: read once on mount, written after every
 * change. A reset leaves the initial data, which is removed from storage rather than written, so
 * "reset clears it" holds literally.
 */
export function usePurchaseData() {
  const [data, dispatch] = useReducer(purchaseReducer, undefined, (): PurchaseData => purchaseCache.read() ?? INITIAL_PURCHASE_DATA);
  useEffect(() => {
    if (data === INITIAL_PURCHASE_DATA) purchaseCache.clear();
    else purchaseCache.write(data);
  }, [data]);
  return [data, dispatch] as const;
}
