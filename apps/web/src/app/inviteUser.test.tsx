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
    // A refusal the server really answers (MESSAGES.userExists): the email now goes through the
    // delivery queue, so sending it can no longer fail the invitation.
    const message = 'A user with this email address already exists.';
    stubGraphQL(
      () => ({ data: null }),
      () => ({ status: 409, body: { statusCode: 409, error: 'Conflict', message, display_message: message } }),
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
