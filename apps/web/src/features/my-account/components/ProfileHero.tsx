import Badge from 'react-bootstrap/Badge';
import { Avatar } from '../../../components/shell/Avatar';
import { displayName } from '../../../lib/shell/headerCase';
import type { AccountProfile } from '../api';

interface ProfileHeroProps {
  profile: AccountProfile;
  /** The first current KYC entry's status in lower case, or null before KYC. */
  status: string | null;
  /** That entry's comment (an administrator's reason for a rejection). */
  description: string | null;
}

/** Name in header case, account id, photo or initials, profile status and its description (spec part 2 section 2). */
export function ProfileHero({ profile, status, description }: ProfileHeroProps) {
  const name = displayName(profile);
  return (
    <section className="account-hero" aria-labelledby="account-name">
      <Avatar name={name} image={profile.image} size={88} />
      <div className="account-hero-text">
        <h2 id="account-name" className="h3 mb-1">
          {name}
        </h2>
        <p className="mb-2 account-hero-id">
          Account id <span className="font-monospace">{profile.vuid}</span>
        </p>
        <p className="mb-0">
          <span className="visually-hidden">Profile status: </span>
          <Badge bg={status === 'rejected' ? 'danger' : status === 'submitted' ? 'secondary' : 'light'} text={status ? undefined : 'dark'} className="account-status">
            {status ?? 'kyc not submitted'}
          </Badge>
        </p>
        {description && <p className="mb-0 mt-2 account-hero-description">{description}</p>}
      </div>
    </section>
  );
}
