import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defineAbilityFor } from './abilities';
import { SCREEN_SUBJECTS } from './screens';
import { canOpenScreen, filterSidebar, isRouteAllowed, type SidebarItem } from './blacklists';
import { ROLE_NAMES } from './roles';

describe('route blacklist', () => {
  it('blocks student from exactly the five screens the spec lists', () => {
    const blocked = SCREEN_SUBJECTS.filter((screen) => !isRouteAllowed('student', screen));
    expect(blocked.sort()).toEqual(['ActualPolicies', 'MyAccount', 'MyPolicies', 'ProvisionalPolicies', 'WeatherAnalytics']);
  });

  it('blocks nothing for every other role and for no role', () => {
    for (const role of [...ROLE_NAMES.filter((r) => r !== 'student'), null]) {
      expect(SCREEN_SUBJECTS.every((screen) => isRouteAllowed(role, screen))).toBe(true);
    }
  });

  it('accepts a configured blacklist', () => {
    expect(isRouteAllowed('teller', 'PayoutKYC', { teller: ['PayoutKYC'] })).toBe(false);
  });

  it('opens a screen only when the ability and the blacklist both allow it', () => {
    const teller = defineAbilityFor({ id: 't', role: 'teller' });
    expect(canOpenScreen(teller, 'teller', 'PayoutKYC')).toBe(true);
    expect(canOpenScreen(teller, 'teller', 'PayoutKYC', { teller: ['PayoutKYC'] })).toBe(false);
    // Readable by the table but not for a teller: the ability alone refuses.
    expect(canOpenScreen(teller, 'teller', 'MyPolicies')).toBe(false);
  });
});

const item = (key: string): SidebarItem => ({ key, title: key, icon: `${key}-icon`, path: `/${key}`, children: [] });
// A group heading has no page of its own, like My Policies in the spec's sidebar.
const group = (key: string, children: SidebarItem[]): SidebarItem => ({ key, title: key, icon: `${key}-icon`, children });

const SIDEBAR: SidebarItem[] = [
  item('myAccount'),
  item('myPayoutDetails'),
  group('myPolicies', [item('provisional'), item('actual'), item('archived')]),
];

const keysOf = (items: readonly SidebarItem[]): string[] => items.flatMap((i) => [i.key, ...keysOf(i.children)]);

describe('filterSidebar', () => {
  it('keeps everything with the default (empty) blacklist', () => {
    expect(filterSidebar(SIDEBAR, 'purchaser')).toEqual(SIDEBAR);
  });

  it('drops a blacklisted parent together with its children', () => {
    expect(keysOf(filterSidebar(SIDEBAR, 'teller', { teller: ['myPolicies'] }))).toEqual(['myAccount', 'myPayoutDetails']);
  });

  it('drops a blacklisted child and keeps its siblings', () => {
    const result = filterSidebar(SIDEBAR, 'teller', { teller: ['archived'] });
    expect(keysOf(result)).toEqual(['myAccount', 'myPayoutDetails', 'myPolicies', 'provisional', 'actual']);
  });

  it('drops a pathless group once all its children are gone', () => {
    const result = filterSidebar(SIDEBAR, 'teller', { teller: ['provisional', 'actual', 'archived'] });
    expect(keysOf(result)).toEqual(['myAccount', 'myPayoutDetails']);
  });

  it('applies only the blacklist of the given role', () => {
    expect(filterSidebar(SIDEBAR, 'admin', { teller: ['myAccount'] })).toEqual(SIDEBAR);
    expect(filterSidebar(SIDEBAR, null, { teller: ['myAccount'] })).toEqual(SIDEBAR);
  });

  it('never returns a blacklisted key at any depth and never invents one', () => {
    const allKeys = keysOf(SIDEBAR);
    fc.assert(
      fc.property(fc.subarray(allKeys), (hidden) => {
        const kept = keysOf(filterSidebar(SIDEBAR, 'holder', { holder: hidden }));
        expect(kept.filter((key) => hidden.includes(key))).toEqual([]);
        expect(kept.every((key) => allKeys.includes(key))).toBe(true);
      }),
    );
  });

  it('does not modify the items it is given', () => {
    const before = structuredClone(SIDEBAR);
    filterSidebar(SIDEBAR, 'teller', { teller: ['archived'] });
    expect(SIDEBAR).toEqual(before);
  });
});
