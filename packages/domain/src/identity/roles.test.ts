import { describe, expect, it } from 'vitest';
import { ROLE_NAMES, isAdminRole, isRoleName, roleTitle } from './roles';

describe('roles', () => {
  it('knows exactly the seven roles the spec names', () => {
    expect([...ROLE_NAMES].sort()).toEqual(['admin', 'holder', 'master admin', 'owner', 'purchaser', 'student', 'teller']);
  });

  it('treats only admin and master admin as admin roles (owner is its own case)', () => {
    expect(ROLE_NAMES.filter((role) => isAdminRole(role))).toEqual(['admin', 'master admin']);
    expect(isAdminRole(null)).toBe(false);
    expect(isAdminRole('Admin')).toBe(false);
  });

  it('recognises role names exactly', () => {
    expect(isRoleName('teller')).toBe(true);
    expect(isRoleName('Teller')).toBe(false);
    expect(isRoleName(undefined)).toBe(false);
  });

  it.each([
    ['master admin', 'Master Admin'],
    ['purchaser', 'Purchaser'],
    ['MASTER_ADMIN', 'Master Admin'],
    ['  owner ', 'Owner'],
  ])('titles %j as %j', (role, title) => {
    expect(roleTitle(role)).toBe(title);
  });
});
