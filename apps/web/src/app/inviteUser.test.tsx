import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from './queryClient';
import { stubGraphQL } from './testing';
import { InviteUserDialog } from '../features/admin-users/InviteUserDialog';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('New User', () => {
  it('shows a failed invitation in the "Uh oh." dialog with the server\'s sentence; Close returns to the form as typed', async () => {
    const message = 'The user was added, but the invitation email could not be sent. Please re-send the invitation in a few minutes.';
    stubGraphQL(
      () => ({ data: null }),
      () => ({ status: 503, body: { statusCode: 503, error: 'Service Unavailable', message, display_message: message } }),
    );
    const onInvited = vi.fn();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <InviteUserDialog onClose={() => {}} onInvited={onInvited} />
      </QueryClientProvider>,
    );
    fireEvent.change(screen.getByLabelText('First Name'), { target: { value: 'Thérèse' } });
    fireEvent.change(screen.getByLabelText('Last Name'), { target: { value: "D'Auvergne" } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'therese@fhp.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Invite' }));

    const dialog = await screen.findByRole('dialog', { name: 'Uh oh.' });
    expect(dialog.textContent).toContain(message);
    expect(onInvited).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(((await screen.findByLabelText('Email')) as HTMLInputElement).value).toBe('therese@fhp.example');
  });
});
