/*
 * The "Uh oh." texts of spec part 1 section 8, apart from the dialog itself: the start-up error
 * screen shows them too, and must not pull the modal (and its transition code) into the first load.
 */
export const ERROR_DIALOG_TITLE = 'Uh oh.';
export const DEFAULT_ERROR_DESCRIPTION = 'Something weird happened';
export const KEEP_CALM = 'Keep calm and try again';
/** The spec's description for a one-time code that was refused (part 1 section 8). */
export const VERIFY_OTP_FAILED = 'Verify OTP Failed';
