import * as z from 'zod/mini';
import { graphql } from '../graphql/graphql';
import { request } from '../graphql/client';
import { cachedLoader, createSessionCache } from '../sessionCache';
import { APP_CONFIG_STORAGE_KEY, type AppConfig } from './appConfigShape';

/**
 * Loading the configuration when the page did not carry it (see appConfig.ts): from session
 * storage, checked (it may have been written by an older build), else from the gateway. In its own
 * chunk with its schema, so the start-up bundle carries no zod.
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
  // A value cached by an older build (without roles) fails the schema and is fetched again.
  roles: z.array(z.object({ name: z.string(), uuid: z.string() })),
});

const AppConfigQuery = graphql(`
  query AppConfig {
    currentSeason { year coverStart coverEnd paymentDeadline purchaseWindowOpen nextSeasonYear }
    roles { name uuid }
  }
`);

export const loadAppConfig: () => Promise<AppConfig> = cachedLoader(createSessionCache(APP_CONFIG_STORAGE_KEY, appConfigSchema), async () => {
  const data = await request(AppConfigQuery, {});
  return { season: data.currentSeason, roles: data.roles };
});
