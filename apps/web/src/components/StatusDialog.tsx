import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';

interface StatusDialogProps {
  show: boolean;
  title: string;
  icon: ReactNode;
  children: ReactNode;
  actionLabel: string;
  actionVariant: string;
  onAction: () => void;
  onHide: () => void;
}

/** The frame shared by the error and success dialogs: icon, title, text and one action. */
export function StatusDialog({ show, title, icon, children, actionLabel, actionVariant, onAction, onHide }: StatusDialogProps) {
  return (
    <Modal show={show} onHide={onHide} centered aria-labelledby="status-dialog-title">
      <Modal.Body className="text-center p-4 p-md-5">
        <div className="mb-3">{icon}</div>
        <h2 id="status-dialog-title" className="h3 mb-2">
          {title}
        </h2>
        <div className="text-body-secondary mb-4">{children}</div>
        <Button variant={actionVariant} size="lg" className="px-5" onClick={onAction}>
          {actionLabel}
        </Button>
      </Modal.Body>
    </Modal>
  );
}
