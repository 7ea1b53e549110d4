import { QueryClient } from '@tanstack/react-query';

/**
 * The spec makes every gateway call network-only: nothing is served from a cache, each
 * screen asks again when it mounts. Queries that are meant to live for the whole session
 * (page content, app configuration) opt out of this explicitly where they are declared.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 0,
        gcTime: 0,
        refetchOnWindowFocus: false,
        retry: 1,
      },
      mutations: { retry: false },
    },
  });
}
