import { useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { graphql } from '../graphql/graphql';
import { request } from '../graphql/client';
import { cachedLoader, createSessionCache } from '../sessionCache';

/**
 * Application configuration: what the whole session needs and what does not change
 * while it lasts (today the season on sale). Loaded once at start, then read from
 * session storage, as the spec asks. The schema uses zod/mini: this module is part of the
 * start-up bundle, and full zod would add some 90 kB to it for one small object.
 */
const appConfigSchema = z.object({
  season: z.object({
    year: z.int(),
    coverStart: z.string(),
    coverEnd: z.string(),
    paymentDeadline: z.string(),
    purchaseWindowOpen: z.boolean(),
    nextSeasonYear: z.int(),
  }),
});
export type AppConfig = z.infer<typeof appConfigSchema>;

const AppConfigQuery = graphql(`
  query AppConfig {
    currentSeason { year coverStart coverEnd paymentDeadline purchaseWindowOpen nextSeasonYear }
  }
`);

export const APP_CONFIG_STORAGE_KEY = 'fhp.appConfig.v1';

export const loadAppConfig = cachedLoader(createSessionCache(APP_CONFIG_STORAGE_KEY, appConfigSchema), async () => {
  const data = await request(AppConfigQuery, {});
  return { season: data.currentSeason };
});

export function useAppConfig() {
  // The loader owns caching; the query must never refetch what the session already holds.
  return useQuery({ queryKey: ['app-config'], queryFn: loadAppConfig, staleTime: Infinity, gcTime: Infinity });
}
