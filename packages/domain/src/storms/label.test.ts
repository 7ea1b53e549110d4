import { describe, expect, it } from 'vitest';
import { stormDisplayName, stormLabel } from './label';

describe('storm names for people', () => {
  it('writes the HURDAT2 name as a word, the id beside it', () => {
    expect(stormDisplayName('JANET EXERCISE')).toBe('Janet exercise');
    expect(stormDisplayName('IVAN')).toBe('Ivan');
    expect(stormDisplayName('UNNAMED')).toBe('Unnamed system');
    expect(stormLabel({ id: 'AL052026', name: 'JANET EXERCISE' })).toBe('Janet exercise (AL052026)');
  });

  it('falls back on the id when the storm is not stored', () => {
    expect(stormLabel({ id: 'AL012027', name: null })).toBe('AL012027');
  });
});
