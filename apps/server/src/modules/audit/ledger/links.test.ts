import { describe, expect, it } from 'vitest';
import { explorerLink } from './links';

const hash = 'ab'.repeat(32);

describe('explorer links', () => {
  it('start with the public address, keeping a path and dropping a trailing slash', () => {
    expect(explorerLink('https://fhp.example', hash)).toBe(`https://fhp.example/explorer/${hash}`);
    expect(explorerLink('https://portal.example/fhp/', hash)).toBe(`https://portal.example/fhp/explorer/${hash}`);
  });
});
