import { SadIcon } from './MoodIcons';
import { StatusDialog } from './StatusDialog';
import { DEFAULT_ERROR_DESCRIPTION, ERROR_DIALOG_TITLE, KEEP_CALM } from './errorTexts';

export { DEFAULT_ERROR_DESCRIPTION, ERROR_DIALOG_TITLE, KEEP_CALM, VERIFY_OTP_FAILED } from './errorTexts';

export interface ErrorDialogProps {
  show: boolean;
  /** What failed, e.g. "Verify OTP Failed"; defaults to the generic sentence. */
  description?: string;
  /** The server's sentence saying why, shown under the description when it adds something. */
  detail?: string;
  /** Given: the button says Retry and calls it. Absent: the button says Close. */
  onRetry?: () => void;
  /** A way forward that is neither retrying nor closing (e.g. back to the new price), named by its label. */
  action?: { label: string; onAction: () => void };
  onClose: () => void;
}

/** Every failure in the product is shown this way (spec part 1, section 8). */
export function ErrorDialog({ show, description = DEFAULT_ERROR_DESCRIPTION, detail, onRetry, action, onClose }: ErrorDialogProps) {
  return (
    <StatusDialog
      show={show}
      title={ERROR_DIALOG_TITLE}
      icon={<SadIcon />}
      actionLabel={action?.label ?? (onRetry ? 'Retry' : 'Close')}
      actionVariant="primary"
      onAction={action?.onAction ?? onRetry ?? onClose}
      onHide={onClose}
    >
      {detail && detail !== description ? (
        <>
          <p className="mb-1 fw-semibold text-body">{description}</p>
          <p className="mb-1">{detail}</p>
        </>
      ) : (
        <p className="mb-1">{description}</p>
      )}
      <p className="mb-0">{KEEP_CALM}</p>
    </StatusDialog>
  );
}
