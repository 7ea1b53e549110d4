import type { NavItem } from '../lib/page-content/pageContent';

export const SIGN_IN_PATH = '/sign-in';
export const MY_ACCOUNT_ITEM: NavItem = { label: 'My Account', path: '/my-account', kind: 'button' };

/**
 * The header's items for the current visitor: a purchaser sees "My Account" where
 * everyone else sees the sign-in button (spec part 1, section 2).
 */
export function resolveHeaderItems(navigation: readonly NavItem[], isPurchaser: boolean): NavItem[] {
  return navigation.map((item) => (isPurchaser && item.path === SIGN_IN_PATH ? MY_ACCOUNT_ITEM : item));
}
