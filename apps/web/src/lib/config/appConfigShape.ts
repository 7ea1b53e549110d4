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

/** Where the session keeps it; apart from appConfig.ts, which loads the GraphQL store lazily. */
export const APP_CONFIG_STORAGE_KEY = 'fhp.appConfig.v1';
