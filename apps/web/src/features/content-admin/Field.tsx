import Form from 'react-bootstrap/Form';
import type { UseFormRegisterReturn } from 'react-hook-form';

/** A labelled text box (or area) with its error tied to it; every content field is required. */
export function Field({ id, label, error, registration, rows, maxLength }: { id: string; label: string; error?: string; registration: UseFormRegisterReturn; rows?: number; maxLength?: number }) {
  return (
    <Form.Group controlId={id} className="mb-2">
      <Form.Label className="small mb-1">{label}</Form.Label>
      {rows ? (
        <Form.Control as="textarea" rows={rows} maxLength={maxLength} isInvalid={Boolean(error)} aria-describedby={error ? `${id}-error` : undefined} {...registration} />
      ) : (
        <Form.Control maxLength={maxLength} isInvalid={Boolean(error)} aria-describedby={error ? `${id}-error` : undefined} {...registration} />
      )}
      <Form.Control.Feedback type="invalid" id={`${id}-error`}>
        {error}
      </Form.Control.Feedback>
    </Form.Group>
  );
}

/** Move up, move down and remove for one row of a list; labelled with the row they act on. */
export function RowTools({ what, index, count, onMove, onRemove }: { what: string; index: number; count: number; onMove: (from: number, to: number) => void; onRemove: () => void }) {
  return (
    <div className="d-flex gap-1 content-row-tools">
      <button type="button" className="btn btn-sm btn-outline-secondary" disabled={index === 0} onClick={() => onMove(index, index - 1)} aria-label={`Move ${what} ${index + 1} up`}>
        ↑
      </button>
      <button type="button" className="btn btn-sm btn-outline-secondary" disabled={index === count - 1} onClick={() => onMove(index, index + 1)} aria-label={`Move ${what} ${index + 1} down`}>
        ↓
      </button>
      <button type="button" className="btn btn-sm btn-outline-danger" onClick={onRemove} aria-label={`Remove ${what} ${index + 1}`}>
        Remove
      </button>
    </div>
  );
}
