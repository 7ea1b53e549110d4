import { purchaserRoleUuid } from '@fhp/domain';
import { useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { graphql } from '../graphql/graphql';
import { request } from '../graphql/client';
import { cachedLoader, createSessionCache } from '../sessionCache';

/**
 * Application configuration: what the whole session needs and what does not change
 * while it lasts (the season on sale, the roles whose purchaser uuid sign-in sends). Loaded
 * once at start, then read from session storage, as the spec asks. The schema uses zod/mini:
 * this module is part of the start-up bundle, and full zod would add some 90 kB to it for one
 * small object. A value cached by an older build (without roles) fails it and is fetched again.
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
  roles: z.array(z.object({ name: z.string(), uuid: z.string() })),
});
export type AppConfig = z.infer<typeof appConfigSchema>;

const AppConfigQuery = graphql(`
  query AppConfig {
    currentSeason { year coverStart coverEnd paymentDeadline purchaseWindowOpen nextSeasonYear }
    roles { name uuid }
  }
`);

export const APP_CONFIG_STORAGE_KEY = 'fhp.appConfig.v1';

export const loadAppConfig = cachedLoader(createSessionCache(APP_CONFIG_STORAGE_KEY, appConfigSchema), async () => {
  const data = await request(AppConfigQuery, {});
  return { season: data.currentSeason, roles: data.roles };
});

/**
 * The `role` of a sign-in request (spec part 1 section 6): the uuid of the role named purchaser
 * in the configuration's roles, or null if there is none (or the configuration cannot be loaded,
 * which must not stop anyone signing in).
 */
export async function purchaserRoleForSignIn(): Promise<string | null> {
  try {
    return purchaserRoleUuid((await loadAppConfig()).roles);
  } catch {
    return null;
  }
}

export function useAppConfig() {
  // The loader owns caching; the query must never refetch what the session already holds.
  return useQuery({ queryKey: ['app-config'], queryFn: loadAppConfig, staleTime: Infinity, gcTime: Infinity });
}
