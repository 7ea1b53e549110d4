import { describe, expect, it } from 'vitest';
import { explorerLink, payoutProofLink } from './links';

const hash = 'ab'.repeat(32);

describe('explorer links', () => {
  it('start with the public address, keeping a path and dropping a trailing slash', () => {
    expect(explorerLink('https://fhp.example', hash)).toBe(`https://fhp.example/explorer/${hash}`);
    expect(explorerLink('https://portal.example/fhp/', hash)).toBe(`https://portal.example/fhp/explorer/${hash}`);
  });

  it('prove a payout by its id under the same public address', () => {
    const payoutId = '0190a000-0000-7000-8000-000000000001';
    expect(payoutProofLink('https://portal.example/fhp/', payoutId)).toBe(`https://portal.example/fhp/explorer/payout/${payoutId}`);
  });
});
