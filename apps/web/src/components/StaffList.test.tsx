import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../lib/graphql/errors';
import { ScrollTable, StaffList } from './StaffList';

afterEach(cleanup);

const idle = { isPending: false, isError: false, error: null };

function list(query: { isPending: boolean; isError: boolean; error: unknown }, rows: readonly string[] | undefined) {
  return render(
    <StaffList query={query} rows={rows} loading="Retrieving users..." empty={<p>No users found</p>}>
      {(names) => (
        <ul>
          {names.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ul>
      )}
    </StaffList>,
  );
}

describe('StaffList', () => {
  it('says it is loading, then shows the rows', () => {
    list({ ...idle, isPending: true }, undefined);
    expect(screen.getByRole('status').textContent).toContain('Retrieving users...');
    cleanup();
    list(idle, ['Ann', 'Ben']);
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Ann', 'Ben']);
  });

  it('shows its empty state with no row', () => {
    list(idle, []);
    expect(screen.getByText('No users found')).toBeTruthy();
  });

  it('says a failure in the server\u2019s words, even over rows it had', () => {
    list({ isPending: false, isError: true, error: new ApiError('forbidden', 'You are not allowed to see users.', 'FORBIDDEN') }, ['Ann']);
    expect(screen.getByRole('alert').textContent).toBe('You are not allowed to see users.');
    expect(screen.queryByText('Ann')).toBeNull();
  });
});

describe('ScrollTable', () => {
  it('is a named region that takes focus, so the keyboard can scroll it', () => {
    render(
      <ScrollTable label="Users" size="sm">
        <tbody>
          <tr>
            <td>Ann</td>
          </tr>
        </tbody>
      </ScrollTable>,
    );
    const region = screen.getByRole('region', { name: 'Users' });
    expect(region.tabIndex).toBe(0);
    expect(region.querySelector('table.table-sm')).not.toBeNull();
  });
});
