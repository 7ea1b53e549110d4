/** Client limits far above what any suite sends from its one address (the limits' own tests set the real ones). */
export const GENEROUS_CLIENT_LIMITS = {
  RATE_LIMIT_CODE_SENDS_PER_ADDRESS: '100000',
  RATE_LIMIT_SECRET_CHECKS_PER_ADDRESS: '100000',
  RATE_LIMIT_CODE_SENDS_PER_ACCOUNT: '100000',
  RATE_LIMIT_SECRET_CHECKS_PER_ACCOUNT: '100000',
};
