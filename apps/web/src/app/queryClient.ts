import { QueryClient } from '@tanstack/react-query';

/**
 * The spec makes every gateway call network-only: nothing is served from a cache, each
 * screen asks again when it mounts. Queries that are meant to live for the whole session
 * (page content, app configuration) opt out of this explicitly where they are declared.
 *
 * Queries and actions run whether or not the browser believes it is online (`networkMode:
 * 'always'`): offline, a screen shows the copy the person kept (decision 116) or says the network
 * failed, never a spinner that waits for the network; and an action is never held back to fire
 * by itself days later when the connection returns.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 0,
        gcTime: 0,
        refetchOnWindowFocus: false,
        retry: 1,
        networkMode: 'always',
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
