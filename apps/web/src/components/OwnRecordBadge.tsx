import { OWN_RECORD_LABEL, OWN_RECORD_MESSAGES, type OwnRecordDuty } from '@fhp/domain';
import Badge from 'react-bootstrap/Badge';

/**
 * Beside a staff list's record that the person looking at it holds (product-decisions "Duties"):
 * they cannot act on it as staff, and the note says who does.
 */
export function OwnRecordBadge({ duty, note = false }: { duty: OwnRecordDuty; note?: boolean }) {
  return (
    <>
      <Badge bg="info" text="dark" className="ms-2 align-middle">
        {OWN_RECORD_LABEL}
      </Badge>
      {note ? <span className="d-block small text-body-secondary mt-1">{OWN_RECORD_MESSAGES[duty]}</span> : <span className="visually-hidden">: {OWN_RECORD_MESSAGES[duty]}</span>}
    </>
  );
}
