import { canReadScreen, type AppAbility } from './abilities';
import type { ScreenSubject } from './screens';
import type { RoleName } from './roles';

/** Screens a role may not open even when its abilities would allow it. */
export type RouteBlacklist = Readonly<Partial<Record<RoleName, readonly ScreenSubject[]>>>;

/** The spec's route blacklist (part 1 section 6): only `student` is blocked from anything. */
export const ROUTE_BLACKLIST: RouteBlacklist = {
  student: ['MyAccount', 'MyPolicies', 'ProvisionalPolicies', 'ActualPolicies', 'WeatherAnalytics'],
  admin: [],
  'master admin': [],
};

export function isRouteAllowed(
  role: RoleName | null,
  screen: ScreenSubject,
  blacklist: RouteBlacklist = ROUTE_BLACKLIST,
): boolean {
  if (role === null) return true;
  return !(blacklist[role] ?? []).includes(screen);
}

/**
 * The route guard's full question: the ability table and the blacklist must both agree. Kept
 * here so the server's page list and the web's router cannot combine them differently.
 */
export function canOpenScreen(
  ability: AppAbility,
  role: RoleName | null,
  screen: ScreenSubject,
  blacklist: RouteBlacklist = ROUTE_BLACKLIST,
): boolean {
  return canReadScreen(ability, screen) && isRouteAllowed(role, screen, blacklist);
}

/**
 * Keys of the signed-in sidebar entries (spec: My Account, My Payout Details, My Policies with
 * three children), by name, so the seeded page content, the web's defaults and the blacklists
 * refer to the same strings instead of repeating them.
 */
export const SIDEBAR_KEY = {
  myAccount: 'myAccount',
  myPayoutDetails: 'myPayoutDetails',
  myPolicies: 'myPolicies',
  provisional: 'provisional',
  actual: 'actual',
  archived: 'archived',
  // Staff entries (issue 7), shown only to roles that may open their screens.
  paymentDesk: 'paymentDesk',
  cancellationRequests: 'cancellationRequests',
  // Staff entry (issue 10).
  stormPayouts: 'stormPayouts',
  // Admin entries (issue 11).
  users: 'users',
  kycReview: 'kycReview',
  offersAndSeasons: 'offersAndSeasons',
  portfolio: 'portfolio',
  siteContent: 'siteContent',
} as const;
export type SidebarKey = (typeof SIDEBAR_KEY)[keyof typeof SIDEBAR_KEY];
export const SIDEBAR_KEYS: readonly SidebarKey[] = Object.values(SIDEBAR_KEY);

export interface SidebarItem {
  key: string;
  title: string;
  icon: string;
  path?: string;
  children: SidebarItem[];
}

/** Sidebar keys hidden per role. The spec does not show its contents, so it is configuration. */
export type SidebarBlacklist = Readonly<Partial<Record<RoleName, readonly string[]>>>;

export const DEFAULT_SIDEBAR_BLACKLIST: SidebarBlacklist = {};

/**
 * Drops every blacklisted item, wherever it sits, together with its children. A group without a
 * path of its own whose children were all dropped goes too: an empty heading leads nowhere.
 */
export function filterSidebar(
  items: readonly SidebarItem[],
  role: RoleName | null,
  blacklist: SidebarBlacklist = DEFAULT_SIDEBAR_BLACKLIST,
): SidebarItem[] {
  const hidden = new Set(role === null ? [] : (blacklist[role] ?? []));
  const keep = (list: readonly SidebarItem[]): SidebarItem[] =>
    list.flatMap((item) => {
      if (hidden.has(item.key)) return [];
      const children = keep(item.children);
      const emptiedGroup = item.path === undefined && item.children.length > 0 && children.length === 0;
      return emptiedGroup ? [] : [{ ...item, children }];
    });
  return keep(items);
}
