/**
 * Limits per client (issue 13, item 3): how many codes one client address (or one account) may
 * make us send, and how many secrets (passwords, codes) it may have checked, per fixed window. The
 * per-email limits of otp-policy stop one inbox being flooded; these stop one client flooding many
 * inboxes (every SMS costs money) or guessing across many accounts. Pure: the server stores counts.
 */
import { formatRetryTime, type Instant } from './otp-policy';

/** What a request spends: a code sent (sign-up, code send, invitation) or a secret checked (sign-in, code verify). */
export type ClientLimitKind = 'send' | 'check';

export interface ClientLimits {
  /** Codes per client address per window. 100 lets a credit union's office sign up its customers over the hour. */
  codeSendsPerAddress: number;
  /**
   * Secret checks per client address per window: a customer takes three or four (the sign-in type
   * question, password, code, a typo).
   */
  secretChecksPerAddress: number;
  codeSendsPerAccount: number;
  secretChecksPerAccount: number;
  windowSeconds: number;
}

export const DEFAULT_CLIENT_LIMITS: ClientLimits = {
  codeSendsPerAddress: 100,
  secretChecksPerAddress: 300,
  codeSendsPerAccount: 10,
  secretChecksPerAccount: 30,
  windowSeconds: 3600,
};

const toMs = (instant: Instant): number => (typeof instant === 'number' ? instant : instant.getTime());

/** The fixed window `now` falls in: every instance computes the same one, so counts add up across them. */
export function clientLimitWindow(now: Instant, windowSeconds: number): { start: Date; end: Date } {
  const size = windowSeconds * 1000;
  const start = Math.floor(toMs(now) / size) * size;
  return { start: new Date(start), end: new Date(start + size) };
}

export function clientLimitFor(limits: ClientLimits, kind: ClientLimitKind, scope: 'address' | 'account'): number {
  if (kind === 'send') return scope === 'address' ? limits.codeSendsPerAddress : limits.codeSendsPerAccount;
  return scope === 'address' ? limits.secretChecksPerAddress : limits.secretChecksPerAccount;
}

/** Who a count is kept for: the client's address, or the account the request names. */
export type ClientLimitScope = 'address' | 'account';

const REFUSALS: Record<ClientLimitKind, Record<ClientLimitScope, string>> = {
  send: {
    address: 'Too many codes were requested from your connection.',
    // Many people can share one connection; an account's limit is about the account alone.
    account: 'Too many codes were requested for this account.',
  },
  check: {
    address: 'Too many sign-in attempts from your connection.',
    account: 'Too many attempts for this account.',
  },
};

/**
 * The refusal once a count passes its limit: the sentence says which limit (the connection's or
 * the account's) and when to try again, in the islands' time.
 */
export function clientLimitRefusal(kind: ClientLimitKind, scope: ClientLimitScope, windowEnd: Date, now: Instant): { retryAt: Date; message: string } {
  return { retryAt: windowEnd, message: `${REFUSALS[kind][scope]} Try again after ${formatRetryTime(windowEnd.getTime(), toMs(now))}` };
}

/** An IPv6 address's eight groups (an IPv4 tail read as the last two), or null when it is not one. */
function ipv6Groups(address: string): number[] | null {
  let text = address;
  const v4 = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    if ([a, b, c, d].some((octet) => octet > 255)) return null;
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  if (groups.some((group) => !/^[0-9a-f]{1,4}$/.test(group))) return null;
  return groups.map((group) => Number.parseInt(group, 16));
}

/**
 * The key a client address is counted under. IPv4 as it is; an IPv4 address mapped into IPv6
 * (::ffff:192.0.2.1, as a dual-stack server reports it) as that IPv4 address; any other IPv6
 * address by its /64 network, since one household or phone is given a whole /64 and can change the
 * rest of its address at will.
 */
export function clientAddressKey(address: string): string {
  const trimmed = address.trim().toLowerCase();
  if (!trimmed.includes(':')) return trimmed;
  const groups = ipv6Groups(trimmed.replace(/%.*$/, ''));
  if (!groups) return trimmed;
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join('.');
  }
  return `${groups.slice(0, 4).map((g) => g.toString(16)).join(':')}::/64`;
}
