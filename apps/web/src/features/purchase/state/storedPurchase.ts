import { writeSessionValue } from '../../../lib/sessionCache';
import { INITIAL_PURCHASE_DATA, PURCHASE_STORAGE_KEY, type PurchaseData } from './purchaseData';
import type * as PurchaseStorage from './purchaseStorage';

/*
 * The purchase kept in session storage, without its schema on the first screen: what is read back
 * is checked by purchaseStorage.ts (zod), a chunk loaded only when this tab has something stored.
 * Writing needs no schema.
 */

type Reader = typeof PurchaseStorage;

let reader: Reader | undefined;
let loading: Promise<Reader> | undefined;

function loadReader(): Promise<Reader> {
  loading ??= import('./purchaseStorage').then(
    (module) => (reader = module),
    (error: unknown) => {
      loading = undefined; // the next call tries again
      throw error;
    },
  );
  return loading;
}

const storage = () => (typeof window === 'undefined' ? null : window.sessionStorage);

function hasStoredPurchase(): boolean {
  try {
    return storage()?.getItem(PURCHASE_STORAGE_KEY) != null;
  } catch {
    return false;
  }
}

/**
 * The stored purchase now, without waiting: null when nothing is stored (or what is stored is not
 * a purchase this build knows), undefined when something is but its reader has not loaded yet.
 */
export function storedPurchaseNow(): PurchaseData | null | undefined {
  if (!hasStoredPurchase()) return null;
  return reader ? reader.purchaseCache.read() : undefined;
}

/** The stored purchase, loading its reader when there is one to read. */
export async function readStoredPurchase(): Promise<PurchaseData | null> {
  if (!hasStoredPurchase()) return null;
  return (await loadReader()).purchaseCache.read();
}

/** Loads the reader when this tab has a purchase stored, so a render can read it at once. */
export async function prepareStoredPurchase(): Promise<void> {
  if (hasStoredPurchase()) await loadReader().catch(() => undefined);
}

/** Keeps `data`; the initial data is removed rather than written, so "reset clears it" holds literally. */
export function storePurchase(data: PurchaseData): void {
  if (data === INITIAL_PURCHASE_DATA) {
    try {
      storage()?.removeItem(PURCHASE_STORAGE_KEY);
    } catch {
      // Storage disabled: there is nothing to clear.
    }
    return;
  }
  writeSessionValue(PURCHASE_STORAGE_KEY, data);
  // A later visit to the flow in this page reads it back at once.
  void loadReader().catch(() => undefined);
}
