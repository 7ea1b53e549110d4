import { filterSidebar, type RoleName, type ScreenSubject, type SidebarBlacklist, type SidebarItem, type SidebarKey, DEFAULT_SIDEBAR_BLACKLIST } from '@fhp/domain';
import { replacePlaceholders, type HolderTerms } from './placeholders';

/** An entry as page content sends it (`path` may be null; children one level deep). */
export interface SidebarOverride {
  key: string;
  title: string;
  icon: string;
  path?: string | null;
  children?: readonly SidebarOverride[];
}

/** A sidebar entry whose key (and its children's) is one of the domain's `SIDEBAR_KEYS`. */
interface DefaultSidebarItem extends SidebarItem {
  key: SidebarKey;
  children: DefaultSidebarItem[];
  /** A staff entry: shown only when the caller may open this screen. */
  screen?: ScreenSubject;
}

/**
 * The spec's sidebar (part 1 section 2): the entries exist whatever the configuration says;
 * page content may only override titles and icons, matched by key. Keys are the domain's
 * `SIDEBAR_KEYS` (the type refuses any other, a test checks each is used once), so the role
 * blacklists of the domain name the same entries. Icons are Bootstrap Icons names (the seed's
 * convention), drawn by `SidebarIcon`.
 */
export const DEFAULT_SIDEBAR: readonly DefaultSidebarItem[] = [
  { key: 'myAccount', title: 'My Account', icon: 'person-circle', path: '/my-account', children: [] },
  { key: 'myPayoutDetails', title: 'My Payout Details', icon: 'bank', path: '/my-payout-details', children: [] },
  {
    key: 'myPolicies',
    title: 'My Policies',
    icon: 'file-earmark-text',
    children: [
      { key: 'provisional', title: 'Provisional', icon: 'hourglass-split', path: '/my-policies/provisional', children: [] },
      { key: 'actual', title: 'Actual', icon: 'shield-check', path: '/my-policies/actual', children: [] },
      { key: 'archived', title: 'Archived', icon: 'archive', path: '/my-policies/archived', children: [] },
    ],
  },
  { key: 'paymentDesk', title: 'Payment Desk', icon: 'cash-coin', path: '/payment-desk', children: [], screen: 'PaymentDesk' },
  {
    key: 'cancellationRequests',
    title: 'Cancellation Requests',
    icon: 'x-octagon',
    path: '/cancellation-requests',
    children: [],
    screen: 'CancellationRequests',
  },
  { key: 'stormPayouts', title: 'Storm Payouts', icon: 'tropical-storm', path: '/storm-payouts', children: [], screen: 'StormPayouts' },
  { key: 'users', title: 'Users', icon: 'people', path: '/users', children: [], screen: 'Users' },
  { key: 'kycReview', title: 'KYC Review', icon: 'person-vcard', path: '/kyc-review', children: [], screen: 'KycReview' },
  { key: 'offersAndSeasons', title: 'Offers & Seasons', icon: 'tag', path: '/offers-and-seasons', children: [], screen: 'OffersAndSeasons' },
  { key: 'portfolio', title: 'Portfolio', icon: 'pie-chart', path: '/portfolio', children: [], screen: 'PortfolioReport' },
  { key: 'siteContent', title: 'Content', icon: 'pencil-square', path: '/site-content', children: [], screen: 'SiteContent' },
];

function flatten(items: readonly SidebarOverride[]): SidebarOverride[] {
  return items.flatMap((item) => [item, ...flatten(item.children ?? [])]);
}

/**
 * Overrides are matched by key, and also by path: page content seeded before the keys were
 * aligned on the domain says `provisionalPolicies` where the domain says `provisional`, and the
 * path is what both agree on. Once every stored page content uses the domain's keys the path
 * fallback only costs a lookup.
 */
function findOverride(item: SidebarItem, overrides: readonly SidebarOverride[]): SidebarOverride | undefined {
  return overrides.find((o) => o.key === item.key) ?? (item.path ? overrides.find((o) => o.path === item.path) : undefined);
}

export interface ResolveSidebarOptions {
  overrides?: readonly SidebarOverride[];
  role: RoleName | null;
  blacklist?: SidebarBlacklist;
  terms?: HolderTerms;
  /** Whether the caller may open a staff screen; without it no staff entry is shown. */
  canRead?: (screen: ScreenSubject) => boolean;
}

/** Defaults, then the configured titles and icons, then the role's blacklist, then placeholders. */
export function resolveSidebar({ overrides = [], role, blacklist = DEFAULT_SIDEBAR_BLACKLIST, terms, canRead }: ResolveSidebarOptions): SidebarItem[] {
  const all = flatten(overrides);
  const allowed = DEFAULT_SIDEBAR.filter((item) => item.screen === undefined || canRead?.(item.screen) === true);
  const apply = (items: readonly SidebarItem[]): SidebarItem[] =>
    items.map(({ screen: _screen, ...item }: SidebarItem & { screen?: ScreenSubject }) => {
      const override = findOverride(item, all);
      return {
        ...item,
        title: replacePlaceholders(override?.title || item.title, terms),
        icon: override?.icon || item.icon,
        children: apply(item.children),
      };
    });
  return filterSidebar(apply(allowed), role, blacklist);
}
