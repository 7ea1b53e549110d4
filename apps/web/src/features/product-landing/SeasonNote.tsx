import { useAppConfig } from '../../lib/config/appConfig';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
const formatDate = (iso: string) => dateFormat.format(new Date(iso));

/** The season on sale, from the application configuration; silent until it is known. */
export function SeasonNote() {
  const { data } = useAppConfig();
  if (!data) return null;
  const { season } = data;
  return season.purchaseWindowOpen ? (
    <p className="mb-0 small">
      Now selling the {season.year} season: cover from {formatDate(season.coverStart)} to {formatDate(season.coverEnd)}. Premium
      must be paid in full by {formatDate(season.paymentDeadline)}.
    </p>
  ) : (
    <p className="mb-0 small">
      <strong>Policy Purchase Window Closed.</strong> Please check back for {season.nextSeasonYear}.
    </p>
  );
}
