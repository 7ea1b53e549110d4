import { useSyncExternalStore } from 'react';
import type { SessionResult } from '@fhp/domain';
import { getSession, subscribeSession } from './session';

const serverSnapshot: SessionResult = { status: 'valid', role: '' };

/** The session, re-read on every render and whenever sign-in, logout or another tab changes it. */
export function useSession(): SessionResult {
  return useSyncExternalStore(subscribeSession, () => getSession(), () => serverSnapshot);
}
