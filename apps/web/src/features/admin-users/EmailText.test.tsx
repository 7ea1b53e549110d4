import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EmailText } from './EmailText';

afterEach(cleanup);

describe('EmailText', () => {
  it('reads as the address and may wrap only after its "@"', () => {
    const { container } = render(<EmailText email="otp.purchaser@fhp.example" />);
    const span = container.querySelector('span.user-email');
    expect(span?.textContent).toBe('otp.purchaser@fhp.example');
    expect(span?.innerHTML).toBe('otp.purchaser@<wbr>fhp.example');
  });

  it('leaves an address without "@" whole', () => {
    const { container } = render(<EmailText email="anonymised" />);
    expect(container.querySelectorAll('wbr')).toHaveLength(0);
  });
});
