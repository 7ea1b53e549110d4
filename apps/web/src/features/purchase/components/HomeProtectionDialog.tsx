import { HOME_PROTECTION_DIALOG, type HomeDialogStep, type UseOfProceedsAction } from '@fhp/domain';
import { useRef } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';

interface HomeProtectionDialogProps {
  step: HomeDialogStep | null;
  dispatch: (action: UseOfProceedsAction) => void;
}

/**
 * The three-step home-protection dialog (spec part 1 section 2), driven by the domain reducer.
 * Static backdrop and no close button: a click beside it does nothing. Escape closes it as a
 * dialog should (WCAG 2.1.2); the reducer then undoes the half-made choice (DIALOG_DISMISSED).
 */
export function HomeProtectionDialog({ step: current, dispatch }: HomeProtectionDialogProps) {
  // While the dialog fades out, its last step stays on screen instead of an empty box.
  const lastStep = useRef<HomeDialogStep | null>(current);
  if (current !== null) lastStep.current = current;
  const step = current ?? lastStep.current;
  return (
    <Modal show={current !== null} backdrop="static" onHide={() => dispatch({ type: 'DIALOG_DISMISSED' })} centered aria-labelledby="home-dialog-title">
      <Modal.Body className="p-4">
        <h2 id="home-dialog-title" className="h5 mb-3">
          Home protection
        </h2>
        {step === 'askOtherPolicy' && (
          <>
            <p>{HOME_PROTECTION_DIALOG.askOtherPolicy.question}</p>
            <div className="d-flex justify-content-end gap-2">
              <Button variant="outline-primary" onClick={() => dispatch({ type: 'OTHER_POLICY_ANSWERED', hasOtherPolicy: false })}>
                {HOME_PROTECTION_DIALOG.askOtherPolicy.buttons.no}
              </Button>
              <Button variant="primary" onClick={() => dispatch({ type: 'OTHER_POLICY_ANSWERED', hasOtherPolicy: true })}>
                {HOME_PROTECTION_DIALOG.askOtherPolicy.buttons.yes}
              </Button>
            </div>
          </>
        )}
        {step === 'askDeselect' && (
          <>
            <p>{HOME_PROTECTION_DIALOG.askDeselect.question}</p>
            <div className="d-flex justify-content-end gap-2">
              <Button variant="outline-primary" onClick={() => dispatch({ type: 'DESELECT_ANSWERED', deselect: false })}>
                {HOME_PROTECTION_DIALOG.askDeselect.buttons.no}
              </Button>
              <Button variant="primary" onClick={() => dispatch({ type: 'DESELECT_ANSWERED', deselect: true })}>
                {HOME_PROTECTION_DIALOG.askDeselect.buttons.yes}
              </Button>
            </div>
          </>
        )}
        {step === 'reminder' && (
          <>
            <p>{HOME_PROTECTION_DIALOG.reminder.text}</p>
            <div className="d-flex justify-content-end">
              <Button variant="primary" onClick={() => dispatch({ type: 'REMINDER_ACCEPTED' })}>
                {HOME_PROTECTION_DIALOG.reminder.button}
              </Button>
            </div>
          </>
        )}
      </Modal.Body>
    </Modal>
  );
}
