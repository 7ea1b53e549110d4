import { graphqlJs } from './graphql-js';

/**
 * Limits checked on the raw document before GraphQL parses it: parsing builds an object per token,
 * so a megabyte of `__typename` would cost far more than answering it. Every document the web sends
 * is under 1,000 characters and 200 tokens; the limits leave room for admin screens.
 */
export const DOCUMENT_LIMITS = { maxChars: 32 * 1024, maxTokens: 1000 } as const;

export class DocumentRefused extends Error {
  override name = 'DocumentRefused';
  constructor(
    message: string,
    readonly statusCode: number,
  ) {
    super(message);
  }
}

/**
 * Throws DocumentRefused when `query` is too long or has too many tokens. Counting runs graphql-js's
 * lexer, which builds no tree and stops at the first token over the limit. A lexing error is left
 * for GraphQL to report with its usual message.
 */
export function checkDocumentSize(query: string): void {
  if (query.length > DOCUMENT_LIMITS.maxChars) {
    throw new DocumentRefused(`The GraphQL document is too long: at most ${DOCUMENT_LIMITS.maxChars} characters are accepted.`, 413);
  }
  const lexer = new graphqlJs.Lexer(new graphqlJs.Source(query));
  let tokens = 0;
  try {
    while (lexer.advance().kind !== graphqlJs.TokenKind.EOF) {
      tokens += 1;
      if (tokens > DOCUMENT_LIMITS.maxTokens) {
        throw new DocumentRefused(`The GraphQL document has too many tokens: at most ${DOCUMENT_LIMITS.maxTokens} are accepted.`, 400);
      }
    }
  } catch (error) {
    if (error instanceof DocumentRefused) throw error;
  }
}

const SUGGESTION = / ?Did you mean [^?]*\?/g;

/**
 * graphql-js suggests field, argument and enum names close to a mistyped one ("Did you mean
 * "premium"?"), which lets anyone map a schema whose introspection is off. Production says only
 * what was wrong.
 */
export function withoutSuggestions(message: string): string {
  return message.replace(SUGGESTION, '');
}
