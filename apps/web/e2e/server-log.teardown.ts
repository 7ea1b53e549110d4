import { unexpectedServerErrors } from './harness';

/**
 * The run's guard: the server's log of the whole run holds no error-level line that a spec did
 * not cause on purpose (and declare with expectServerError). An error line is what pages an
 * operator; one that a browser can provoke without meaning to is a bug even when the page looks fine.
 */
export default async function serverLogGuard(): Promise<void> {
  // A server started elsewhere (E2E_BASE_URL) has no harness beside it, and its log is not this run's.
  if (process.env.E2E_BASE_URL) return;
  const lines = await unexpectedServerErrors();
  if (lines.length === 0) return;
  throw new Error(
    `The server logged ${lines.length} error-level line(s) that no spec declared with expectServerError:\n${lines.map((line) => line.slice(0, 2000)).join('\n')}`,
  );
}
