import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorDialog } from './ErrorDialog';
import { SuccessDialog } from './SuccessDialog';

afterEach(cleanup);

describe('ErrorDialog', () => {
  it('says "Uh oh." with the generic text and retries', () => {
    const onRetry = vi.fn();
    render(<ErrorDialog show onRetry={onRetry} onClose={() => {}} />);
    expect(screen.getByRole('dialog', { name: 'Uh oh.' })).toBeTruthy();
    expect(screen.getByText('Something weird happened')).toBeTruthy();
    expect(screen.getByText('Keep calm and try again')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('offers Close when there is nothing to retry, with a specific description', () => {
    const onClose = vi.fn();
    render(<ErrorDialog show description="Verify OTP Failed" onClose={onClose} />);
    expect(screen.getByText('Verify OTP Failed')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });
});

describe('ErrorDialog with a reason and a way forward', () => {
  it("shows the server's sentence under the description, once", () => {
    render(<ErrorDialog show description="Verify OTP Failed" detail="The code is not correct." onClose={() => {}} />);
    expect(screen.getByText('Verify OTP Failed')).toBeTruthy();
    expect(screen.getByText('The code is not correct.')).toBeTruthy();
    cleanup();
    render(<ErrorDialog show description="Same sentence" detail="Same sentence" onClose={() => {}} />);
    expect(screen.getAllByText('Same sentence')).toHaveLength(1);
  });

  it('names its action by what it does', () => {
    const onAction = vi.fn();
    render(<ErrorDialog show description="The price changed." action={{ label: 'Review the new price', onAction }} onClose={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Review the new price' }));
    expect(onAction).toHaveBeenCalledOnce();
  });
});

describe('SuccessDialog', () => {
  it('says "Woo hoo!" with what succeeded', () => {
    render(<SuccessDialog show description="Profile updated successfully" onClose={() => {}} />);
    expect(screen.getByRole('dialog', { name: 'Woo hoo!' })).toBeTruthy();
    expect(screen.getByText('Profile updated successfully')).toBeTruthy();
  });
});
