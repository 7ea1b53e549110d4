import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { longDate } from '../lib/dates';
import { forgetShownCopies, useOfflineAsOf } from '../lib/offline/offlineState';

/**
 * "Offline: as of <time>" above a signed-in page while any of what it shows is the copy kept on
 * the device (decision 116), with the time of the oldest. Gone once the network answers again
 * (queries are asked again when the browser is back online).
 */
export function OfflineNotice() {
  const asOf = useOfflineAsOf();
  const { pathname } = useLocation();
  // Each page asks again for what it shows: the previous page's copies are no longer on screen.
  useEffect(() => forgetShownCopies, [pathname]);
  if (asOf === null) return null;
  return (
    <p className="offline-notice alert alert-warning py-2 px-3 mb-3" role="status">
      <strong>Offline: as of {longDate(asOf)}.</strong> This is the copy kept on this device; it is brought up to date when the connection is back.
    </p>
  );
}
