import { accountStatusWords, formatLongDateTime, roleTitle } from '@fhp/domain';
import Modal from 'react-bootstrap/Modal';
import type { AdminUser } from './api';
import { StatusBadge, userName } from './StatusBadge';


/**
 * A user's details. The spec's two layouts: three columns on a wide screen, two on a narrow one
 * (the grid switches at the spec's 990 px, see admin-users.css).
 */
export function UserDetail({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const facts: [string, React.ReactNode][] = [
    ['First Name', user.firstName ?? '-'],
    ['Last Name', user.lastName ?? '-'],
    ['Email', user.email],
    ['Role', roleTitle(user.group)],
    ['Status', <StatusBadge key="status" status={user.status} />],
    ['Email verified', user.emailVerified ? 'Yes' : 'No'],
    ['Account id', user.vuid],
    ['Account status', accountStatusWords(user.accountStatus)],
    ['Created', formatLongDateTime(user.createdAt)],
  ];
  return (
    <Modal show onHide={onClose} centered size="lg" aria-labelledby="user-detail-title">
      <Modal.Header closeButton>
        <Modal.Title id="user-detail-title" as="h2" className="h5">
          {userName(user)}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <dl className="user-detail-grid mb-0">
          {facts.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </Modal.Body>
    </Modal>
  );
}
