/** Storms: HURDAT2 imports, the trigger engine's evaluation, the tracker, and the storm notices. */
export { stormNoticesJob } from './notice-drain';
export { loadStorms, storeStorms } from './repository';
export { stormRoutes } from './routes';
export { evaluateStoredStorms, importStormText, stormFileText } from './service';
export { loadShippedStorms, SHIPPED_STORMS_FILE } from './shipped';
export { ingestBdeck } from './feeds/ingest';
export { createFeedPoller, type FeedPoller } from './feeds/poller';
