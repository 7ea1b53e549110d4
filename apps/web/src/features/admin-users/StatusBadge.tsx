import { userDisplayStatusWord } from '@fhp/domain';
import Badge from 'react-bootstrap/Badge';
import type { AdminUser } from './api';

const VARIANT: Record<string, string> = {
  created: 'secondary',
  invited: 'info',
  verified: 'primary',
  active: 'success',
  suspended: 'danger',
};

/** The display status of spec part 2 section 4 (computed by the domain on the server). */
export function StatusBadge({ status }: { status: string }) {
  const bg = VARIANT[status] ?? 'light';
  return (
    <Badge bg={bg} text={bg === 'info' || bg === 'light' ? 'dark' : undefined}>
      {userDisplayStatusWord(status)}
    </Badge>
  );
}

export function userName(user: Pick<AdminUser, 'firstName' | 'lastName' | 'email'>): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return name === '' ? user.email : name;
}
