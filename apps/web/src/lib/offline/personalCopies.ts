/**
 * What a signed-in person keeps on this device to read with the network cut (decision 116): the
 * answers of the screens they opened (their policies, who they are, the page content their shell
 * draws) and the documents they opened (the contract PDF), in Cache Storage, in one cache per
 * person named by the account id of their token. Nothing is kept without a token: an anonymous
 * visitor's answers never are.
 *
 * A copy is read only when the network fails (lib/graphql/client.ts, lib/downloadPdf.ts): online,
 * every screen still asks the server (spec: network-only). Ending a session forgets every person's
 * copies (lib/auth/session.ts); a sign-in forgets everyone else's.
 */

const CACHE_PREFIX = 'fhp-personal-';
/** Copies of answers are stored under addresses of their own, which the server never serves. */
const ANSWERS_PATH = '/offline-copy/';
const SAVED_AT = 'x-fhp-saved-at';

export interface Copy<T> {
  value: T;
  /** When the copy was taken (epoch ms). */
  savedAt: number;
}

/** Cache Storage exists in secure contexts only (https, localhost). */
const storage = (): CacheStorage | null => (typeof caches === 'undefined' ? null : caches);

const cacheNameOf = (userId: string) => `${CACHE_PREFIX}${userId}`;

/** Whether a cache holds personal copies (the e2e specs check none is left after sign-out). */
export const isPersonalCache = (name: string) => name.startsWith(CACHE_PREFIX);

const answerUrl = (key: string) => `${ANSWERS_PATH}${encodeURIComponent(key)}`;

async function open(userId: string): Promise<Cache | null> {
  try {
    return (await storage()?.open(cacheNameOf(userId))) ?? null;
  } catch {
    return null; // storage refused (quota, private mode): simply no copy
  }
}

async function put(userId: string, url: string, body: BodyInit, type: string): Promise<void> {
  const cache = await open(userId);
  await cache?.put(url, new Response(body, { headers: { 'content-type': type, [SAVED_AT]: String(Date.now()) } })).catch(() => undefined);
}

async function match(userId: string, url: string): Promise<Response | null> {
  const cache = await open(userId);
  return (await cache?.match(url).catch(() => undefined)) ?? null;
}

const savedAtOf = (response: Response) => Number(response.headers.get(SAVED_AT)) || 0;

/** Keeps an answer (JSON) under `key` for `userId`, replacing the older copy. */
export function keepAnswer(userId: string, key: string, value: unknown): Promise<void> {
  return put(userId, answerUrl(key), JSON.stringify(value), 'application/json');
}

export async function readAnswer<T>(userId: string, key: string): Promise<Copy<T> | null> {
  const response = await match(userId, answerUrl(key));
  if (!response) return null;
  try {
    return { value: (await response.json()) as T, savedAt: savedAtOf(response) };
  } catch {
    return null;
  }
}

/** Keeps a document's bytes under its own address for `userId`. */
export function keepDocument(userId: string, url: string, blob: Blob): Promise<void> {
  return put(userId, url, blob, blob.type || 'application/octet-stream');
}

export async function readDocument(userId: string, url: string): Promise<Copy<Blob> | null> {
  const response = await match(userId, url);
  return response ? { value: await response.blob(), savedAt: savedAtOf(response) } : null;
}

export async function hasDocument(userId: string, url: string): Promise<boolean> {
  return (await match(userId, url)) !== null;
}

/** Deletes the copies of every person (sign-out, a session that ended) or of everyone but `keep` (a sign-in). */
export async function forgetPersonalCopies(keep?: string): Promise<void> {
  const caches = storage();
  if (!caches) return;
  try {
    const names = await caches.keys();
    await Promise.all(names.filter((name) => isPersonalCache(name) && name !== (keep && cacheNameOf(keep))).map((name) => caches.delete(name)));
  } catch {
    // storage unavailable: nothing was kept either
  }
}
