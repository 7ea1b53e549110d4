// The long date is shared with the account's timeline (lib/dates).
export { longDate } from '../../lib/dates';
