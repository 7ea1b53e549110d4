import { describe, expect, it } from 'vitest';
import { MY_ACCOUNT_ITEM, resolveHeaderItems } from './navigation';

const nav = [
  { label: 'View Product Info', path: '/product/fhp', kind: 'link' },
  { label: 'Login', path: '/sign-in', kind: 'button' },
];

describe('resolveHeaderItems', () => {
  it('keeps Login for visitors', () => {
    expect(resolveHeaderItems(nav, false)).toEqual(nav);
  });

  it('shows My Account instead of Login to a purchaser', () => {
    expect(resolveHeaderItems(nav, true)).toEqual([nav[0], MY_ACCOUNT_ITEM]);
  });
});
