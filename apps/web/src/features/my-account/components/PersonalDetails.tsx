import Badge from 'react-bootstrap/Badge';
import type { AccountProfile } from '../api';
import { countryLabel, genderLabel } from '../labels';

/** The list of personal details (spec part 2 section 2); a missing value says so rather than leaving a gap. */
export function PersonalDetails({ profile }: { profile: AccountProfile }) {
  const rows: [string, React.ReactNode][] = [
    ['First Name', profile.firstName],
    ['Last Name', profile.lastName],
    ['Email', profile.email],
    [
      'Phone Number',
      profile.primaryContactNo && (
        <>
          {profile.primaryContactNo}{' '}
          <Badge bg={profile.phoneVerified ? 'secondary' : 'warning'} text={profile.phoneVerified ? undefined : 'dark'}>
            {profile.phoneVerified ? 'verified' : 'not verified'}
          </Badge>
        </>
      ),
    ],
    ['Gender', genderLabel(profile.gender)],
    ['Occupation', profile.occupation],
    ['Street Address', profile.address?.addressLine1],
    ['City', profile.address?.city],
    ['Country', countryLabel(profile.address?.country ?? null)],
  ];
  return (
    <section className="account-card" aria-labelledby="account-details-title">
      <h2 id="account-details-title" className="h5">
        Personal details
      </h2>
      <dl className="account-details mb-0">
        {rows.map(([term, value]) => (
          <div key={term} className="account-detail">
            <dt>{term}</dt>
            <dd>{value || <span className="text-body-secondary">Not given yet</span>}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
