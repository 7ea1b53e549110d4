import { HOME_PROTECTION_DIALOG } from '@fhp/domain';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UseOfProceedsStep } from './UseOfProceedsStep';

afterEach(cleanup);

const home = () => screen.getByRole('checkbox', { name: /Home protection/ }) as HTMLInputElement;
const dialog = () => screen.getByRole('dialog');
const press = (name: string) => fireEvent.click(within(dialog()).getByRole('button', { name }));

describe('the home-protection dialog', () => {
  it('another policy, then "No" keeps home protection, then the reminder', async () => {
    const onDone = vi.fn();
    render(<UseOfProceedsStep saved={[]} onBack={() => {}} onDone={onDone} />);
    fireEvent.click(home());
    expect(within(dialog()).getByText(HOME_PROTECTION_DIALOG.askOtherPolicy.question)).toBeTruthy();
    press('Yes');
    expect(within(dialog()).getByText(HOME_PROTECTION_DIALOG.askDeselect.question)).toBeTruthy();
    press('No');
    expect(within(dialog()).getByText(HOME_PROTECTION_DIALOG.reminder.text)).toBeTruthy();
    press('Accept & Continue');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(home().checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onDone).toHaveBeenCalledWith(['homeProtection']);
  });

  it('another policy, then "Yes" removes home protection, then the reminder', async () => {
    render(<UseOfProceedsStep saved={[]} onBack={() => {}} onDone={() => {}} />);
    fireEvent.click(home());
    press('Yes');
    press('Yes');
    expect(within(dialog()).getByText(HOME_PROTECTION_DIALOG.reminder.text)).toBeTruthy();
    press('Accept & Continue');
    expect(home().checked).toBe(false);
  });

  it('no other policy: the dialog closes at once and home protection stays', async () => {
    render(<UseOfProceedsStep saved={[]} onBack={() => {}} onDone={() => {}} />);
    fireEvent.click(home());
    press('No');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(home().checked).toBe(true);
  });

  it('needs at least one purpose', () => {
    const onDone = vi.fn();
    render(<UseOfProceedsStep saved={[]} onBack={() => {}} onDone={onDone} />);
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Please select at least one use of proceeds')).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();
  });
});
