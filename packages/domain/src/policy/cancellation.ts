import { z } from 'zod';
import { requiredText } from '../schemas/fields';
import { CANCELLATION_MESSAGES } from './messages';

/** The cancellation form (part 2 section 2): one field, `comments`, the reason; required. */
export const cancellationFormSchema = z.object({ comments: requiredText(CANCELLATION_MESSAGES.reasonRequired) });
export type CancellationFormValues = z.output<typeof cancellationFormSchema>;
