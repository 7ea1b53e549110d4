import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { findUserById } from './repository';

/** What the bearer-token hook needs to know about the account behind a token. */
export interface AccountStanding {
  roleName: string;
  suspended: boolean;
}

export interface AccountGate {
  /** The account's standing, or null when it no longer exists. Cached for `ttlMs`. */
  standing(userId: string): Promise<AccountStanding | null>;
  /**
   * Forgets what this process cached about the account. Admin actions that suspend, delete or
   * re-role a user call it so their next request is refused at once; other processes notice
   * within `ttlMs`.
   */
  invalidate(userId: string): void;
}

export interface AccountGateOptions {
  db: Db;
  clock: Clock;
  /** A few seconds: how long a suspension may go unnoticed by a process that was not told. */
  ttlMs?: number;
  /** Bounds the memory: the oldest entry goes when a new one would exceed it. */
  maxEntries?: number;
}

export const ACCOUNT_GATE_DEFAULTS = { ttlMs: 5_000, maxEntries: 10_000 } as const;

interface Entry {
  expiresAt: number;
  /** The lookup itself, so concurrent requests of one user share one query. */
  standing: Promise<AccountStanding | null>;
}

/**
 * A valid token says who signed in, not whether the account may still act: every authenticated
 * request asks this gate. A small per-process cache keeps the hot path to one Map lookup.
 */
export function createAccountGate({ db, clock, ttlMs = ACCOUNT_GATE_DEFAULTS.ttlMs, maxEntries = ACCOUNT_GATE_DEFAULTS.maxEntries }: AccountGateOptions): AccountGate {
  const cache = new Map<string, Entry>();

  async function load(userId: string): Promise<AccountStanding | null> {
    const user = await findUserById(db, userId);
    // A deleted account keeps its row (anonymised, decision 050): it counts as gone.
    return user === undefined || user.deletedAt !== null ? null : { roleName: user.roleName, suspended: user.suspended };
  }

  return {
    standing(userId) {
      const now = clock().getTime();
      const cached = cache.get(userId);
      if (cached !== undefined && cached.expiresAt > now) return cached.standing;
      cache.delete(userId);
      if (cache.size >= maxEntries) {
        // Map iterates in insertion order: the first key is the oldest entry.
        const oldest = cache.keys().next().value;
        if (oldest !== undefined) cache.delete(oldest);
      }
      const entry: Entry = { expiresAt: now + ttlMs, standing: load(userId) };
      cache.set(userId, entry);
      // A failed lookup must not be remembered: the next request tries the database again.
      entry.standing.catch(() => {
        if (cache.get(userId) === entry) cache.delete(userId);
      });
      return entry.standing;
    },
    invalidate(userId) {
      cache.delete(userId);
    },
  };
}
