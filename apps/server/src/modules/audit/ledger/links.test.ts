import { describe, expect, it } from 'vitest';
import { explorerLink, publicOrigin } from './links';

const hash = 'ab'.repeat(32);

describe('explorer links', () => {
  it('use PUBLIC_URL first, keeping a path and dropping a trailing slash', () => {
    expect(explorerLink(publicOrigin('https://fhp.example', { protocol: 'http', host: 'internal:3000' }), hash)).toBe(`https://fhp.example/explorer/${hash}`);
    expect(explorerLink(publicOrigin('https://portal.example/fhp/'), hash)).toBe(`https://portal.example/fhp/explorer/${hash}`);
  });

  it('fall back to the request’s origin', () => {
    expect(explorerLink(publicOrigin(undefined, { protocol: 'https', host: 'fhp.example:8443' }), hash)).toBe(`https://fhp.example:8443/explorer/${hash}`);
  });
});
