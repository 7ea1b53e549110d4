import { rateLimitedError, userInputError } from '../../graphql/errors';
/**
 * The identity service's refusals. Each carries an HTTP status and the sentence the web shows;
 * the app's error handler turns `statusCode` + `message` into `{ statusCode, error, message,
 * display_message }`.
 */
export class IdentityError extends Error {
  override name = 'IdentityError';
  constructor(
    readonly statusCode: number,
    message: string,
    /** Extra response headers, e.g. Retry-After on 429. */
    readonly headers: Record<string, string> = {},
    /** On a 429: which limit refused (metrics count refusals by it). */
    readonly limit?: RefusingLimit,
  ) {
    super(message);
  }
}

/** A limit that refused: codes sent or secrets checked, counted per client address, account or email. */
export interface RefusingLimit {
  kind: 'send' | 'check';
  scope: 'address' | 'account' | 'email';
}

/**
 * An identity refusal met inside a GraphQL operation, as GraphQL says it: a limit (429) is
 * RATE_LIMITED with the sentence saying when, `retryAfterSeconds`, and which limit; anything else
 * is the customer's input error with its sentence.
 */
export function graphqlRefusal(error: IdentityError): Error {
  if (error.statusCode !== 429) return userInputError(error.message);
  const seconds = Number(error.headers['retry-after'] ?? 0);
  return rateLimitedError(error.message, seconds, error.limit);
}

/**
 * One sentence for unknown email, wrong password, wrong or expired code and a refused sign-in
 * link, so an answer never tells whether an account exists.
 */
export const BAD_CREDENTIALS = 'The email, password or code is not correct. Please check them and try again.';

export const MESSAGES = {
  signInRequired: 'Please sign in to continue.',
  sessionInvalid: 'Your session is not valid. Please sign in again.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  forbidden: 'You are not allowed to do this.',
  suspended: 'This account is suspended. Please contact support.',
  /** A signed-in session whose account was suspended or deleted since. */
  accountInactive: 'Your account is no longer active. Please contact support.',
  codeSent: 'We sent a code to your registered email address and phone. It expires in 10 minutes.',
  signUpCodeSent: 'We sent a code to your email address. It expires in 10 minutes.',
  codeSentToPhone: 'We sent a code to your registered phone. It expires in 10 minutes.',
  invited: 'User has been invited successfully',
  reinvited: 're-invited successfully (An invite email has been sent to user email address)',
  userExists: 'A user with this email address already exists.',
  noSuchUser: 'There is no user with this email address.',
  alreadyActive: 'This user has already set up the account; there is nothing to re-invite.',
  /** A sign-in link's second use: only someone holding a validly signed link reads it. */
  linkUsed: 'This sign-in link has already been used. Please sign in with your email, or ask for a new link.',
} as const;

export const badCredentials = () => new IdentityError(401, BAD_CREDENTIALS);
