import { SadIcon } from './MoodIcons';
import { StatusDialog } from './StatusDialog';

export const ERROR_DIALOG_TITLE = 'Uh oh.';
export const DEFAULT_ERROR_DESCRIPTION = 'Something weird happened';
export const KEEP_CALM = 'Keep calm and try again';

interface ErrorDialogProps {
  show: boolean;
  /** What failed, e.g. "Verify OTP Failed"; defaults to the generic sentence. */
  description?: string;
  /** Given: the button says Retry and calls it. Absent: the button says Close. */
  onRetry?: () => void;
  onClose: () => void;
}

/** Every failure in the product is shown this way (spec part 1, section 8). */
export function ErrorDialog({ show, description = DEFAULT_ERROR_DESCRIPTION, onRetry, onClose }: ErrorDialogProps) {
  return (
    <StatusDialog
      show={show}
      title={ERROR_DIALOG_TITLE}
      icon={<SadIcon />}
      actionLabel={onRetry ? 'Retry' : 'Close'}
      actionVariant="primary"
      onAction={onRetry ?? onClose}
      onHide={onClose}
    >
      <p className="mb-1">{description}</p>
      <p className="mb-0">{KEEP_CALM}</p>
    </StatusDialog>
  );
}
