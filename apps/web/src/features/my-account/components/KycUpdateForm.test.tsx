import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { KycUpdateForm } from './KycUpdateForm';

afterEach(cleanup);

describe('KycUpdateForm', () => {
  it('refuses a missing ID proof type in the words of the KYC update (spec part 2): "Id proof type is required"', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <KycUpdateForm action="fullKyc" onClose={() => undefined} onDone={() => undefined} onFailed={() => undefined} />
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Id proof type is required')).toBeTruthy();
    expect(screen.getByText('Address proof type is required')).toBeTruthy();
    expect(screen.queryByText('Id Proof is required')).toBeNull();
  });
});
