import { describe, expect, it } from 'vitest';
import { actionsFor } from './UsersPage';

describe('users list row actions', () => {
  it('invites a user created or imported and never invited, re-invites one already invited', () => {
    expect(actionsFor({ suspended: false, status: 'created' })).toEqual(['invite', 'suspend', 'delete']);
    expect(actionsFor({ suspended: false, status: 'invited' })).toEqual(['reinvite', 'suspend', 'delete']);
    expect(actionsFor({ suspended: false, status: 'verified' })).toEqual(['reinvite', 'suspend', 'delete']);
    expect(actionsFor({ suspended: false, status: 'active' })).toEqual(['suspend', 'delete']);
    expect(actionsFor({ suspended: true, status: 'created' })).toEqual(['reactivate', 'delete']);
  });
});
