import { noteCopyShown, noteNetworkAnswer } from './offlineState';
import { keepAnswer, readAnswer } from './personalCopies';

/**
 * The GraphQL side of the offline copies (decision 116), loaded by the client only for a request
 * that asks for it with a token: the answer is kept for the token's account (lib/auth/jwt.ts,
 * `accountOf`), and given back when the network fails. Keyed by the operation, a hash of its text (a new build's document may ask
 * for other fields: an older copy would not fit it) and its variables.
 */

/** FNV-1a, 32 bits: enough to tell two versions of one document apart. */
function hash(text: string): string {
  let value = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) value = Math.imul(value ^ text.charCodeAt(i), 0x01000193);
  return (value >>> 0).toString(16);
}

export function copyKeyOf(source: string, variables: unknown): string {
  const operation = /\b(?:query|mutation)\s+(\w+)/.exec(source)?.[1] ?? 'anonymous';
  return `${operation}:${hash(source)}:${JSON.stringify(variables ?? {})}`;
}

export function keepAnswerCopy(account: string, key: string, data: unknown): void {
  noteNetworkAnswer(key);
  void keepAnswer(account, key, data);
}

/** The kept answer, noted as shown (the offline notice), or null when there is none. */
export async function answerFromCopy<T>(account: string, key: string): Promise<T | null> {
  const copy = await readAnswer<T>(account, key);
  if (!copy) return null;
  noteCopyShown(key, copy.savedAt);
  return copy.value;
}
