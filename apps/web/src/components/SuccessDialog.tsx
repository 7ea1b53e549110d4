import { HappyIcon } from './MoodIcons';
import { StatusDialog } from './StatusDialog';

export const SUCCESS_DIALOG_TITLE = 'Woo hoo!';

interface SuccessDialogProps {
  show: boolean;
  /** What succeeded, e.g. "Profile updated successfully". */
  description: string;
  actionLabel?: string;
  onClose: () => void;
}

export function SuccessDialog({ show, description, actionLabel = 'Close', onClose }: SuccessDialogProps) {
  return (
    <StatusDialog
      show={show}
      title={SUCCESS_DIALOG_TITLE}
      icon={<HappyIcon />}
      actionLabel={actionLabel}
      actionVariant="secondary"
      onAction={onClose}
      onHide={onClose}
    >
      <p className="mb-0">{description}</p>
    </StatusDialog>
  );
}
