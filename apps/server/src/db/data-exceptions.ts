/**
 * PostgreSQL's "data exception" errors (SQLSTATE class 22): a value the database cannot take as it
 * is (a NUL character in text, a string that is not a uuid, a number or date out of range). They
 * come from what a client sent reaching a query unchecked, so the request is answered as the
 * client's mistake (400 / BAD_USER_INPUT), never as a fault of ours (500).
 */
export const DATA_EXCEPTION_MESSAGE = 'Something you sent cannot be used as it is (an unusual character, or a value out of range). Please check it and try again.';

/** The SQLSTATE of a data exception along the error's causes (drizzle and GraphQL wrap it), or undefined. */
export function dataExceptionCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 6; depth += 1) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return code;
    current = cause;
  }
  return undefined;
}
