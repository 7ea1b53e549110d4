import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminUser } from './api';
import { UserDetail } from './UserDetail';

afterEach(cleanup);

const user = {
  id: 'u1',
  vuid: 'vuid-1',
  email: 'new.person@fhp.example',
  firstName: 'New',
  lastName: 'Person',
  accountStatus: 'INVITED',
  suspended: false,
  emailVerified: false,
  group: 'purchaser',
  img: null,
  createdAt: '2026-11-01T12:00:00.000Z',
  status: 'invited',
} as unknown as AdminUser;

describe('UserDetail', () => {
  it('shows the statuses as words, not stored codes (issue 20 item 5)', () => {
    render(<UserDetail user={user} onClose={() => undefined} />);
    const value = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling!.textContent;
    expect(value('Status')).toBe('Invited');
    expect(value('Account status')).toBe('Invited');
    expect(screen.queryByText('INVITED')).toBeNull();
  });
});
