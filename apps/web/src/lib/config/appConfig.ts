import { purchaserRoleUuid } from '@fhp/domain';
import { useQuery } from '@tanstack/react-query';
import { takeInitialData } from '../initial-data/initialData';
import { writeSessionValue } from '../sessionCache';

/**
 * Application configuration: what the whole session needs and what does not change while it lasts
 * (the season on sale, and the roles whose purchaser uuid sign-in sends). Loaded once at start and
 * kept in session storage, as the spec asks. The server puts both into index.html; without them
 * (Vite's dev server, a page served before the data) the configuration comes from session storage
 * or the gateway, through a chunk of its own (appConfigStore.ts) so that the start-up bundle needs
 * no schema library.
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
  roles: { name: string; uuid: string }[];
}

export const APP_CONFIG_STORAGE_KEY = 'fhp.appConfig.v1';

/** The configuration the page arrived with: the freshest there is, so it replaces what the session held. */
function configFromPage(): AppConfig | undefined {
  const season = takeInitialData<AppConfig['season']>('currentSeason');
  const roles = takeInitialData<AppConfig['roles']>('roles');
  if (!season || !roles) return undefined;
  const config = { season, roles };
  writeSessionValue(APP_CONFIG_STORAGE_KEY, config);
  return config;
}

async function loadAppConfig(): Promise<AppConfig> {
  return configFromPage() ?? (await import('./appConfigStore')).loadAppConfig();
}

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
  // Loaded once: the query must never refetch what the session already holds.
  return useQuery({
    queryKey: ['app-config'],
    queryFn: async () => (await import('./appConfigStore')).loadAppConfig(),
    initialData: configFromPage,
    staleTime: Infinity,
    gcTime: Infinity,
  });
}
