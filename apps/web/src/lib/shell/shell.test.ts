import { defineAbilityFor } from '@fhp/domain';
import { describe, expect, it } from 'vitest';
import { SIDEBAR_KEYS, type SidebarItem } from '@fhp/domain';
import { buildBreadcrumbs, trackerCrumbs, trackerDetailCrumbs } from './breadcrumbs';
import { displayName, initialsOf, toHeaderCase } from './headerCase';
import { replacePlaceholders } from './placeholders';
import { DEFAULT_SIDEBAR, resolveSidebar } from './sidebar';

const labels = [
  { segment: 'my-policies', label: 'My Policies' },
  { segment: 'actual', label: 'Actual' },
  { segment: 'my-account', label: '{holderName} account' },
];

describe('replacePlaceholders', () => {
  const terms = { holderName: 'Member', holdersName: 'Members', holderGroup: 'Cooperative' };
  it('replaces holder name, holders name and holder group, every occurrence', () => {
    expect(replacePlaceholders('{holderName} of {holderGroup}; all {holdersName}, each {holderName}', terms)).toBe(
      'Member of Cooperative; all Members, each Member',
    );
  });
  it('leaves unknown placeholders and plain text alone', () => {
    expect(replacePlaceholders('Hello {holdername} {other}', terms)).toBe('Hello {holdername} {other}');
    expect(replacePlaceholders('No placeholders', terms)).toBe('No placeholders');
  });
  it('uses the default terms without configuration', () => {
    expect(replacePlaceholders('{holdersName}')).toBe('Policyholders');
  });
});

describe('buildBreadcrumbs', () => {
  it('maps each segment to its label, links all but the last', () => {
    expect(buildBreadcrumbs('/my-policies/actual/FHP-2027-001', labels)).toEqual([
      { label: 'My Policies', path: '/my-policies' },
      { label: 'Actual', path: '/my-policies/actual' },
      { label: 'FHP-2027-001' },
    ]);
  });
  it('replaces placeholders in labels, decodes unlabelled segments, ignores slashes', () => {
    expect(buildBreadcrumbs('/my-account/', labels, { holderName: 'Member', holdersName: '', holderGroup: '' })).toEqual([{ label: 'Member account' }]);
    expect(buildBreadcrumbs('/a%20b', [])).toEqual([{ label: 'a b' }]);
    expect(buildBreadcrumbs('/', labels)).toEqual([]);
  });
  it('links a crumb only when its address is a page', () => {
    const isPage = (path: string) => path !== '/my-policies';
    expect(buildBreadcrumbs('/my-policies/actual/FHP-2027-001', labels, undefined, isPage)).toEqual([
      { label: 'My Policies' },
      { label: 'Actual', path: '/my-policies/actual' },
      { label: 'FHP-2027-001' },
    ]);
  });
});

describe("the tracker's breadcrumbs", () => {
  const trackerLabels = [...labels, { segment: 'weather-analytics', label: 'Tropical Cyclone Tracker' }];
  it('put the tracker under its policy, not under a weather-analytics page that does not exist', () => {
    expect(trackerCrumbs({ params: { id: 'FHP-GD-2026-000001' }, search: new URLSearchParams(), labels: trackerLabels })).toEqual([
      { label: 'My Policies' },
      { label: 'Actual', path: '/my-policies/actual' },
      { label: 'FHP-GD-2026-000001', path: '/my-policies/actual/FHP-GD-2026-000001' },
      { label: 'Tropical Cyclone Tracker' },
    ]);
  });
  it("put a storm's detail under its policy's tracker", () => {
    expect(trackerDetailCrumbs({ params: { id: 'AL092026' }, search: new URLSearchParams('policy=FHP-GD-2026-000001'), labels: trackerLabels })).toEqual([
      { label: 'My Policies' },
      { label: 'Actual', path: '/my-policies/actual' },
      { label: 'FHP-GD-2026-000001', path: '/my-policies/actual/FHP-GD-2026-000001' },
      { label: 'Tropical Cyclone Tracker', path: '/my-policies/actual/weather-analytics/FHP-GD-2026-000001' },
      { label: 'AL092026' },
    ]);
    expect(trackerDetailCrumbs({ params: { id: 'AL092026' }, search: new URLSearchParams(), labels: trackerLabels }).map((crumb) => crumb.path)).toEqual([undefined, undefined, undefined]);
  });
});

describe('resolveSidebar', () => {
  it('has the spec entries with configured titles and icons (matched by key or path)', () => {
    const items = resolveSidebar({
      role: 'purchaser',
      overrides: [
        { key: 'myAccount', title: '{holderName} Account', icon: 'person' },
        { key: 'myPolicies', title: 'Policies', icon: '', path: null, children: [{ key: 'provisionalPolicies', title: 'Pending', icon: 'x', path: '/my-policies/provisional' }] },
      ],
    });
    expect(items.map((i) => i.title)).toEqual(['Policyholder Account', 'My Payout Details', 'Policies']);
    expect(items[0]?.icon).toBe('person');
    expect(items[2]?.icon).toBe('file-earmark-text');
    expect(items[2]?.children.map((c) => c.title)).toEqual(['Pending', 'Actual', 'Archived']);
  });
  it("uses each of the domain's SIDEBAR_KEYS exactly once", () => {
    const keys = (items: readonly SidebarItem[]): string[] => items.flatMap((i) => [i.key, ...keys(i.children)]);
    expect(keys(DEFAULT_SIDEBAR).sort()).toEqual([...SIDEBAR_KEYS].sort());
  });
  it.each([
    ['the domain keys', ['provisional', 'actual', 'archived']],
    ['the keys seeded before the alignment', ['provisionalPolicies', 'actualPolicies', 'archivedPolicies']],
  ])('applies page content that uses %s', (_name, [provisional, actual, archived]) => {
    const child = (key: string | undefined, title: string, path: string) => ({ key: key!, title, icon: `${title}-icon`, path });
    const items = resolveSidebar({
      role: 'purchaser',
      overrides: [
        {
          key: 'myPolicies',
          title: 'Policies',
          icon: 'folder',
          path: null,
          children: [
            child(provisional, 'Pending', '/my-policies/provisional'),
            child(actual, 'In force', '/my-policies/actual'),
            child(archived, 'Past', '/my-policies/archived'),
          ],
        },
      ],
    });
    const policies = items.find((i) => i.key === 'myPolicies');
    expect(policies?.children.map((c) => [c.key, c.title, c.icon])).toEqual([
      ['provisional', 'Pending', 'Pending-icon'],
      ['actual', 'In force', 'In force-icon'],
      ['archived', 'Past', 'Past-icon'],
    ]);
  });
  it("drops the role's blacklisted entries, and a group left empty", () => {
    const blacklist = { teller: ['myPayoutDetails', 'provisional', 'actual', 'archived'] };
    expect(resolveSidebar({ role: 'teller', blacklist }).map((i) => i.key)).toEqual(['myAccount']);
    expect(resolveSidebar({ role: 'purchaser', blacklist }).map((i) => i.key)).toEqual(['myAccount', 'myPayoutDetails', 'myPolicies']);
  });
  it('shows a staff entry only to a caller who may open its screen', () => {
    const teller = defineAbilityFor({ id: 't', role: 'teller' });
    const admin = defineAbilityFor({ id: 'a', role: 'admin' });
    const purchaser = defineAbilityFor({ id: 'p', role: 'purchaser' });
    const keys = (ability: typeof teller) => resolveSidebar({ role: null, canRead: (screen) => ability.can('read', screen) }).map((i) => i.key);
    expect(keys(teller)).toEqual(['myAccount', 'myPayoutDetails', 'myPolicies', 'paymentDesk']);
    expect(keys(admin)).toEqual(['myAccount', 'myPayoutDetails', 'myPolicies', 'paymentDesk', 'cancellationRequests', 'stormPayouts', 'users', 'kycReview', 'offersAndSeasons', 'portfolio', 'siteContent']);
    expect(keys(purchaser)).toEqual(['myAccount', 'myPayoutDetails', 'myPolicies']);
  });
});

describe('names', () => {
  it('writes first and last name in header case, falling back to full name, then email', () => {
    expect(toHeaderCase('  jANE   doe ')).toBe('Jane Doe');
    // Names as people write them: hyphenated parts and one-letter prefixes keep their capitals.
    expect(toHeaderCase("thérèse d'AUVERGNE-joseph")).toBe("Thérèse D'Auvergne-Joseph");
    expect(toHeaderCase('jean-baptiste o’neil')).toBe('Jean-Baptiste O’Neil');
    expect(toHeaderCase("st. george's")).toBe("St. George's");
    expect(displayName({ firstName: 'ann', lastName: 'LEE' })).toBe('Ann Lee');
    expect(displayName({ firstName: null, lastName: null, fullName: 'bob ray' })).toBe('Bob Ray');
    expect(displayName({ email: 'x@fhp.example' })).toBe('x@fhp.example');
  });
  it('makes initials from the first and last word', () => {
    expect(initialsOf('Ann Marie Lee')).toBe('AL');
    expect(initialsOf('ann')).toBe('A');
    expect(initialsOf('')).toBe('?');
  });
});
