import { purchaserRoleUuid } from '@fhp/domain';
import { useQuery } from '@tanstack/react-query';
import { takeInitialData } from '../initial-data/initialData';
import { writeSessionValue } from '../sessionCache';
import { APP_CONFIG_STORAGE_KEY, type AppConfig } from './appConfigShape';

export type { AppConfig } from './appConfigShape';

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
