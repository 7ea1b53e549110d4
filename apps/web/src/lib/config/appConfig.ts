import { useQuery } from '@tanstack/react-query';
import { takeInitialData } from '../initial-data/initialData';
import { writeSessionValue } from '../sessionCache';

/**
 * Application configuration: what the whole session needs and what does not change while it lasts
 * (today the season on sale). Loaded once at start and kept in session storage, as the spec asks.
 * The server puts the current season into index.html; without it (Vite's dev server) the
 * configuration comes from session storage or the gateway, through a chunk of its own
 * (appConfigStore.ts) so that the start-up bundle needs no schema library.
 */
export interface AppConfig {
  season: {
    year: number;
    coverStart: string;
    coverEnd: string;
    paymentDeadline: string;
    purchaseWindowOpen: boolean;
    nextSeasonYear: number;
  };
}

export const APP_CONFIG_STORAGE_KEY = 'fhp.appConfig.v1';

/** The season the page arrived with: the freshest there is, so it replaces what the session held. */
function configFromPage(): AppConfig | undefined {
  const season = takeInitialData<AppConfig['season']>('currentSeason');
  if (!season) return undefined;
  const config = { season };
  writeSessionValue(APP_CONFIG_STORAGE_KEY, config);
  return config;
}

export function useAppConfig() {
  // Loaded once: the query must never refetch what the session already holds.
  return useQuery({
    queryKey: ['app-config'],
    queryFn: async () => (await import('./appConfigStore')).loadAppConfig(),
    initialData: configFromPage,
    staleTime: Infinity,
    gcTime: Infinity,
  });
}
