/** The sentence shown when the server gives none (spec part 1, section 8). */
export const FALLBACK_DISPLAY_MESSAGE = 'Something weird happened';

interface GraphQLErrorShape {
  message?: string;
  extensions?: { code?: unknown; display_message?: unknown };
}

/**
 * An API failure that knows the sentence the customer should read.
 * The server puts that sentence in `extensions.display_message`; everything
 * else (network failures, malformed answers) falls back to a generic one.
 */
export class ApiError extends Error {
  readonly displayMessage: string;
  readonly code: string | undefined;

  constructor(message: string, displayMessage: string, code?: string) {
    super(message);
    this.name = 'ApiError';
    this.displayMessage = displayMessage;
    this.code = code;
  }

  static fromGraphQLErrors(errors: readonly GraphQLErrorShape[]): ApiError {
    const first = errors[0] ?? {};
    const display = first.extensions?.display_message;
    const code = first.extensions?.code;
    return new ApiError(
      first.message ?? 'GraphQL error',
      typeof display === 'string' && display.length > 0 ? display : FALLBACK_DISPLAY_MESSAGE,
      typeof code === 'string' ? code : undefined,
    );
  }
}

/** The customer-facing sentence for any thrown value. */
export function displayMessageOf(error: unknown): string {
  return error instanceof ApiError ? error.displayMessage : FALLBACK_DISPLAY_MESSAGE;
}
