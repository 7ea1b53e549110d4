import { formatLongDate } from '@fhp/domain';
import { useAppConfig } from '../../lib/config/appConfig';


/** The season on sale, from the application configuration; silent until it is known. */
export function SeasonNote() {
  const { data } = useAppConfig();
  if (!data) return null;
  const { season } = data;
  return season.purchaseWindowOpen ? (
    <p className="mb-0 small">
      Now selling the {season.year} season: cover from {formatLongDate(season.coverStart)} to {formatLongDate(season.coverEnd)}. Premium
      must be paid in full by {formatLongDate(season.paymentDeadline)}.
    </p>
  ) : (
    <p className="mb-0 small">
      <strong>Policy Purchase Window Closed.</strong> Please check back for {season.nextSeasonYear}.
    </p>
  );
}
